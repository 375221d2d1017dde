import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { latestTreeReader } from '../ingest/latest-tree';
import { F500NodesService } from './f500-nodes.service';
import { GraphArrangementService } from './graph-arrangement.service';
import { graphExportRoutes } from './graph-export.routes';
import { GraphExportService } from './graph-export.service';
import { graphPanelRoutes } from './graph-panel.routes';
import { graphsRoutes } from './graphs.routes';
import { GraphsService } from './graphs.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The graphs' reading (graphs/device/{id}/), for the visual dashboard's machine graphs. */
    graphs: GraphsService;
  }
}

/**
 * Sensor graphs (docs/graphs.md): the graph payload and its live updates, the CSV export, and the F500
 * panel's nodes and arrangement. Read-only over the storage of docs/telemetry.md. Decorates the app with the
 * graphs service for the domains that show graphs of their own (the visual dashboard's machines).
 */
export async function registerGraphs(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const latestTree = latestTreeReader(db, app.ingest);
  const graphs = new GraphsService({
    db,
    latestTree,
    historyRetentionDays: ctx.config.historyRetentionDays,
  });
  app.decorate('graphs', graphs);
  await app.register(graphsRoutes, { graphs });
  await app.register(graphExportRoutes, { exports: new GraphExportService({ db, latestTree }) });
  const nodes = new F500NodesService({ db, latestTree });
  const arrangement = new GraphArrangementService({ db, nodes });
  await app.register(graphPanelRoutes, { nodes, arrangement });
}
