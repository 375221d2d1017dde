import type { Database } from '../../db/database';
import { markSilentDevicesOffline } from '../devices/devices.repo';
import { insertDeviceEvents, tryLockOfflineSweep } from '../telemetry/device-events.repo';

/**
 * Marks the devices silent since `at` − offlineAfterSeconds offline, with a device_offline event each, in one
 * transaction; returns their udf_ids. One instance sweeps at a time: the others skip their turn (the UPDATE
 * alone already sends a device offline once; the lock spares them scanning and waiting on the same rows).
 */
export async function sweepSilentDevices(
  db: Database,
  at: Date,
  offlineAfterSeconds: number,
): Promise<string[]> {
  const cutoff = new Date(at.getTime() - offlineAfterSeconds * 1000);
  return db.transaction(async (tx) => {
    if (!(await tryLockOfflineSweep(tx))) {
      return [];
    }
    const silent = await markSilentDevicesOffline(tx, cutoff);
    await insertDeviceEvents(
      tx,
      silent.map((device) => ({
        deviceId: device.id,
        ts: at,
        kind: 'device_offline' as const,
        detail: { lastSeenAt: device.lastSeenAt?.toISOString() ?? null },
      })),
    );
    return silent.map((device) => device.udfId);
  });
}
