import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { latestTreeReader } from '../ingest/latest-tree';
import { maintenanceRoutes } from './maintenance.routes';
import { MaintenanceService } from './maintenance.service';
import { MaintenanceMonitor } from './maintenance-monitor';

declare module 'fastify' {
  interface FastifyInstance {
    /** Running maintenance tests of this instance: trees and timeouts (tests call fireTimeouts). */
    maintenanceMonitor: MaintenanceMonitor;
  }
}

/**
 * Sensor maintenance (docs/maintenance.md): the monitor watches the trees the ingest stores and fires due
 * timeouts; the routes start, cancel and close tests. Registered after the ingest, whose trees it reads.
 */
export async function registerMaintenance(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const monitor = new MaintenanceMonitor({ db, log: app.log });
  app.ingest.observeTrees((deviceId, tree, at) => monitor.observe(deviceId, tree, at));
  await monitor.start();
  app.decorate('maintenanceMonitor', monitor);
  app.addHook('onClose', async () => monitor.stop());

  const latestTree = latestTreeReader(db, app.ingest);
  const maintenance = new MaintenanceService({
    db,
    monitor,
    latestTree,
    timeoutSeconds: ctx.config.maintenanceTimeoutSeconds,
    events: ctx.events,
  });
  await app.register(maintenanceRoutes, { maintenance });
}
