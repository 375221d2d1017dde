import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../access/authentication';
import type { LiveSocketPlaces } from '../../limits/live-socket-cap';
import type { RealtimeBus } from '../../realtime/bus';
import { createSocketAuthentication } from '../../realtime/socket-authentication';
import { queryTokenOf } from '../../realtime/socket-rules';
import { checkFeedAccess, type FeedAccessDeps } from './device-feed-access';
import { startDeviceFeed } from './device-feed-socket';
import type { IngestService } from './ingest.service';

export type DeviceFeedDeps = FeedAccessDeps &
  Parameters<typeof createSocketAuthentication>[0] & {
    ingest: IngestService;
    bus: RealtimeBus;
    /** Re-check of every socket's access without a signal; the base's default (5 min) when absent. */
    recheckEveryMs?: number;
    /** The person's live-socket places, shared with ws/current-user-notifications/. */
    liveSockets?: LiveSocketPlaces;
  };

/**
 * ws/device-data/<udf_id>/, authenticated by `?token=<raw JWT>` or a first frame
 * `{"cmd":"auth","token":"<raw JWT>"}`: the device's latest tree at once, then every new tree, each as a
 * bare JSON frame. Closes with 4401 for a bad, expired or revoked token, 4403 without access to the
 * device's site and 4429 past the person's LIVE_SOCKETS_PER_PERSON; the bus's control events make open
 * sockets re-check (realtime/authenticated-socket.ts, device-feed-socket.ts).
 * Not in the OpenAPI document (a WebSocket); docs/telemetry.md describes it.
 */
export async function deviceFeedRoutes(app: FastifyInstance, deps: DeviceFeedDeps) {
  const authenticate = createSocketAuthentication(deps);
  const authorize = (context: AuthContext, udfId: string) => checkFeedAccess(deps, context, udfId);

  app.get('/ws/device-data/:udfId/', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const { udfId } = request.params as { udfId: string };
    const feedDeps = { ...deps, authenticate, authorize, log: request.log };
    startDeviceFeed<AuthContext>(socket, udfId, feedDeps, queryTokenOf(request.query));
  });
}
