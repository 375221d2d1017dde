import type { WebSocket } from 'ws';
import { isRecordedVisible } from '../../access/device-history';
import { AuthenticatedSocket, type AuthenticatedSocketDeps } from '../../realtime/authenticated-socket';
import type { Authorization, SocketHolder } from '../../realtime/socket-rules';
import { type DeviceFeedGrant, isFeedConcernedBy } from './device-feed-access';
import type { LatestTree } from './ingest-types';

export type DeviceFeedSocketDeps<H extends SocketHolder> = Omit<AuthenticatedSocketDeps, 'failure'> & {
  /** The person behind a token (createSocketAuthentication); undefined closes 4401. */
  authenticate(token: string): Promise<H | undefined>;
  /** checkFeedAccess with its dependencies (device-feed-access.ts). */
  authorize(holder: H, udfId: string): Promise<Authorization<DeviceFeedGrant>>;
  ingest: { latest(udfId: string): LatestTree | undefined };
};

/**
 * One ws/device-data/<udf_id>/ socket on the authenticated-socket base (realtime/authenticated-socket.ts): once
 * admitted it sends the device's latest tree (unless received before the device came to the person's client)
 * and then every tree published in the device's room, newest first when the browser is slow or a re-check runs.
 */
export function startDeviceFeed<H extends SocketHolder>(
  socket: WebSocket,
  udfId: string,
  deps: DeviceFeedSocketDeps<H>,
  queryToken: string | undefined,
): void {
  const live: AuthenticatedSocket<H, DeviceFeedGrant> = new AuthenticatedSocket(
    socket,
    {
      authenticate: deps.authenticate,
      authorize: (holder) => deps.authorize(holder, udfId),
      isConcernedBy: isFeedConcernedBy,
      onAuthorized: (grant, isFirst) => {
        if (!isFirst) {
          return;
        }
        // A tree received before the device came to the person's client is the previous owner's: the socket
        // starts as for a device that has not reported yet, and the device's next tree is its first frame.
        const latest = deps.ingest.latest(udfId);
        if (latest !== undefined && isRecordedVisible(latest.receivedAt, grant.visibleSince)) {
          live.sendLatest(latest.json);
        }
        live.joinRooms('device', [udfId], (event) => live.sendLatest(event.data.json));
      },
    },
    { ...deps, failure: { message: 'device feed access check failed', fields: { udfId } } },
  );
  live.start(queryToken);
}
