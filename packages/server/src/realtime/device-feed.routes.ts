import type { FastifyInstance } from 'fastify';
import type { IngestService } from '../ingest/ingest.service';
import type { RealtimeBus } from './bus';
import { checkFeedAccess, type FeedAccessDeps } from './feed-access';

export type DeviceFeedDeps = FeedAccessDeps & { ingest: IngestService; bus: RealtimeBus };

/**
 * ws/device-data/<udf_id>/?token=<raw JWT>: the device's latest tree at once, then every new tree, each
 * as a bare JSON frame. Closes with 4401 for a bad token and 4403 without access to the device's site.
 * Not in the OpenAPI document (a WebSocket); docs/telemetry.md describes it.
 */
export async function deviceFeedRoutes(app: FastifyInstance, deps: DeviceFeedDeps) {
  app.get('/ws/device-data/:udfId/', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const { udfId } = request.params as { udfId: string };
    const { token } = request.query as { token?: unknown };
    let unsubscribe: (() => void) | undefined;
    let closed = false;
    socket.on('close', () => {
      closed = true;
      unsubscribe?.();
    });
    checkFeedAccess(deps, typeof token === 'string' ? token : undefined, udfId)
      .then((outcome) => {
        if (closed) {
          return;
        }
        if (outcome !== 'ok') {
          socket.close(outcome, outcome === 4401 ? 'Invalid token.' : 'Permission denied.');
          return;
        }
        const latest = deps.ingest.latest(udfId);
        if (latest !== undefined) {
          socket.send(latest.json);
        }
        unsubscribe = deps.bus.subscribe(udfId, (event) => socket.send(event.json));
      })
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'device feed failed');
        socket.close(1011, 'Server error.');
      });
  });
}
