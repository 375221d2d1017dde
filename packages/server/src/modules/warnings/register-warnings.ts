import { type StateTree, safeParseStateTree } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { findDeviceState } from '../../telemetry/telemetry.repo';
import type { DeviceRow } from '../devices/devices.table';
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

  const latestTree = async (device: DeviceRow): Promise<StateTree | undefined> => {
    const stored = await findDeviceState(db, device.id);
    const inMemory = app.ingest.latest(device.udfId);
    if (inMemory !== undefined && (stored === undefined || inMemory.receivedAt > stored.receivedAt)) {
      const parsed = safeParseStateTree(JSON.parse(inMemory.json));
      return parsed.success ? parsed.data : stored?.tree;
    }
    return stored?.tree;
  };
  const warnings = new WarningsService({ db, monitor, latestTree });
  await app.register(warningsRoutes, { warnings });
}
