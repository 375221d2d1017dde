import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { graphExportRoutes } from './graph-export.routes';
import { graphPanelRoutes } from './graph-panel.routes';
import { graphsRoutes } from './graphs.routes';

/**
 * Sensor graphs (docs/graphs.md): the graph payload and its live updates, the CSV export, and the F500
 * panel's nodes and arrangement. Read-only over the storage of docs/telemetry.md.
 */
export async function registerGraphs(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(graphsRoutes, ctx);
  await app.register(graphExportRoutes, ctx);
  await app.register(graphPanelRoutes, ctx);
}
