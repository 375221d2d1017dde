import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../access/authentication';
import type { Database } from '../../db/database';
import type { LiveSocketPlaces } from '../../limits/live-socket-cap';
import type { RealtimeBus } from '../../realtime/bus';
import { createSocketAuthentication } from '../../realtime/socket-authentication';
import { queryTokenOf } from '../../realtime/socket-rules';
import type { DiagramTarget } from './diagram-feed.repo';
import { checkDiagramFeedAccess } from './diagram-feed-access';
import { startDiagramFeed } from './diagram-feed-socket';

export type DiagramFeedDeps = {
  db: Database;
  authenticator: Authenticator;
  bus: RealtimeBus;
  /** The ingest's latest tree of a device on this instance (`app.ingest`). */
  ingest: { latest(udfId: string): { json: string; receivedAt: Date } | undefined };
  liveSockets?: LiveSocketPlaces;
  recheckEveryMs?: number;
};

/** A positive whole id of the path, or 0 (no tab or machine has it: the socket is refused 4403). */
function idOf(params: unknown): number {
  const text = (params as { id?: string }).id ?? '';
  return /^\d{1,9}$/.test(text) ? Number(text) : 0;
}

/**
 * ws/tab-devices-data/<tab id>/ and ws/machine-devices-data/<machine id>/ (M section 7; wire-formats
 * 'WebSockets'): the trees of the devices bound on the tab or machine, as bare frames, one tree per frame.
 * Authenticated like ws/device-data/ (`?token=` or the auth frame; 4401, 4403, 4429; closing on logout and lost
 * access on every instance). Not in the OpenAPI document (WebSockets); docs/visual-dashboard.md describes them.
 */
export async function diagramFeedRoutes(app: FastifyInstance, deps: DiagramFeedDeps): Promise<void> {
  const authenticate = createSocketAuthentication(deps);
  const feedDeps = {
    ...deps,
    authenticate,
    authorize: (context: Parameters<typeof checkDiagramFeedAccess>[1], target: DiagramTarget) =>
      checkDiagramFeedAccess(deps.db, context, target),
  };
  for (const [path, kind] of [
    ['/ws/tab-devices-data/:id/', 'tab'],
    ['/ws/machine-devices-data/:id/', 'machine'],
  ] as const) {
    app.get(path, { websocket: true, schema: { hide: true } }, (socket, request) => {
      const target = { kind, id: idOf(request.params) };
      startDiagramFeed(socket, target, { ...feedDeps, log: request.log }, queryTokenOf(request.query));
    });
  }
}
