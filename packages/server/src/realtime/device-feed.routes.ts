import type { FastifyInstance } from 'fastify';
import type { LiveSocketCap } from '../limits/live-socket-cap';
import type { IngestService } from '../modules/ingest/ingest.service';
import type { RealtimeBus } from './bus';
import { checkFeedAccess, type FeedAccessDeps } from './feed-access';
import { FeedSocket } from './feed-socket';

export type DeviceFeedDeps = FeedAccessDeps & {
  ingest: IngestService;
  bus: RealtimeBus;
  /** Re-check of every socket's access without a signal; FeedSocket's default (5 min) when absent. */
  recheckEveryMs?: number;
  /** The person's live-socket places, shared with ws/current-user-notifications/. */
  liveSockets?: LiveSocketCap;
};

/**
 * ws/device-data/<udf_id>/, authenticated by `?token=<raw JWT>` or a first frame
 * `{"cmd":"auth","token":"<raw JWT>"}`: the device's latest tree at once, then every new tree, each as a
 * bare JSON frame. Closes with 4401 for a bad, expired or revoked token, 4403 without access to the
 * device's site and 4429 past the person's LIVE_SOCKETS_PER_PERSON; the bus's control events make open
 * sockets re-check (feed-socket.ts).
 * Not in the OpenAPI document (a WebSocket); docs/telemetry.md describes it.
 */
export async function deviceFeedRoutes(app: FastifyInstance, deps: DeviceFeedDeps) {
  const sockets = new Set<FeedSocket>();
  const stopListening = deps.bus.onControl((event) => {
    for (const socket of sockets) {
      socket.handleControl(event);
    }
  });
  app.addHook('onClose', async () => stopListening());
  const checkAccess = (token: string | undefined, udfId: string) => checkFeedAccess(deps, token, udfId);

  app.get('/ws/device-data/:udfId/', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const { udfId } = request.params as { udfId: string };
    const { token } = request.query as { token?: unknown };
    const feedDeps = { ...deps, checkAccess, log: request.log };
    const feed = new FeedSocket(socket, udfId, feedDeps, () => sockets.delete(feed));
    sockets.add(feed);
    feed.start(typeof token === 'string' ? token : undefined);
  });
}
