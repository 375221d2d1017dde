import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { latestTreeReader } from '../ingest/latest-tree';
import { warningsRoutes } from './warnings.routes';
import { WarningsService } from './warnings.service';
import { WarningsMonitor } from './warnings-monitor';

declare module 'fastify' {
  interface FastifyInstance {
    /** Evaluates the warnings of stored trees on this instance (tests call refresh()). */
    warningsMonitor: WarningsMonitor;
  }
}

/**
 * Warnings (docs/warnings.md): the monitor evaluates every tree the ingest stores; the routes read and
 * replace a device's list. Registered after the ingest, whose trees it reads.
 */
export async function registerWarnings(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const monitor = new WarningsMonitor({ db, log: app.log });
  app.ingest.observeTrees((deviceId, tree, at) => monitor.observe(deviceId, tree, at));
  await monitor.start();
  app.decorate('warningsMonitor', monitor);
  app.addHook('onClose', async () => monitor.stop());

  const latestTree = latestTreeReader(db, app.ingest);
  const warnings = new WarningsService({ db, monitor, latestTree, events: ctx.events });
  await app.register(warningsRoutes, { warnings });
}
