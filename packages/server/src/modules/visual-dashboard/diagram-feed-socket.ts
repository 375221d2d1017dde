import type { WebSocket } from 'ws';
import type { AuthContext } from '../../access/authentication';
import { isRecordedVisible } from '../../access/device-history';
import { AuthenticatedSocket, type AuthenticatedSocketDeps } from '../../realtime/authenticated-socket';
import type { Authorization } from '../../realtime/socket-rules';
import type { DiagramTarget } from './diagram-feed.repo';
import { type DiagramFeedGrant, isDiagramFeedConcernedBy } from './diagram-feed-access';

export type DiagramFeedSocketDeps = Omit<AuthenticatedSocketDeps, 'failure'> & {
  authenticate(token: string): Promise<AuthContext | undefined>;
  authorize(context: AuthContext, target: DiagramTarget): Promise<Authorization<DiagramFeedGrant>>;
  /** The ingest's latest tree of a device on this instance (`app.ingest`). */
  ingest: { latest(udfId: string): { json: string; receivedAt: Date } | undefined };
};

/**
 * One ws/tab-devices-data/<id>/ or ws/machine-devices-data/<id>/ socket on the authenticated-socket base: once
 * admitted it sends the latest tree of each device bound on the tab (or machine), then every tree of those
 * devices, newest per device when the browser is slow (a stream per device). It also joins the tab's (machine's)
 * room: a save that changes the bindings checks it again, and the devices it follows become those of the new
 * bindings (a device newly bound sends its latest tree at once).
 */
export function startDiagramFeed(
  socket: WebSocket,
  target: DiagramTarget,
  deps: DiagramFeedSocketDeps,
  queryToken: string | undefined,
): void {
  let followed = new Set<string>();
  const live: AuthenticatedSocket<AuthContext, DiagramFeedGrant> = new AuthenticatedSocket(
    socket,
    {
      authenticate: deps.authenticate,
      authorize: (context) => deps.authorize(context, target),
      isConcernedBy: isDiagramFeedConcernedBy,
      onAuthorized: (grant, isFirst) => {
        if (isFirst) {
          if (target.kind === 'tab') {
            live.joinRooms('tab', [target.id], () => live.recheck());
          } else {
            live.joinRooms('machine', [target.id], () => live.recheck());
          }
        }
        const next = new Set(grant.devices.map((device) => device.udfId));
        for (const device of grant.devices) {
          const latest = followed.has(device.udfId) ? undefined : deps.ingest.latest(device.udfId);
          if (latest !== undefined && isRecordedVisible(latest.receivedAt, device.visibleSince)) {
            live.sendLatest(latest.json, device.udfId);
          }
        }
        followed = next;
        live.joinRooms('device', [...next], (event) => live.sendLatest(event.data.json, event.data.udfId));
      },
    },
    { ...deps, failure: { message: 'diagram feed access check failed', fields: { ...target } } },
  );
  live.start(queryToken);
}
