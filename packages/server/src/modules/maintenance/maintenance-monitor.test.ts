import { listSensors, MAINTENANCE_EVENTS, type StateTree } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { treeWith } from '../../../test/maintenance';
import { treeOf } from '../../../test/telemetry';
import type { Database } from '../../db/database';
import { MaintenanceMonitor } from './maintenance-monitor';

const identity = { serialNumber: 'SN-1', code: 'c', deviceType: 'F500' as const, udfId: 'MON1' };
const sensorId = listSensors(JSON.parse(treeOf(identity)) as StateTree)[0]?.fullId ?? '';

/** A database that counts every use: the monitor must not touch it for trees that cannot move a test. */
function countingDatabase(): { db: Database; uses: string[] } {
  const uses: string[] = [];
  const db = new Proxy({} as Database, {
    get(_target, property) {
      uses.push(String(property));
      throw new Error('no database in this test');
    },
  });
  return { db, uses };
}

describe('MaintenanceMonitor', () => {
  const errors: unknown[] = [];
  const log = { info: () => {}, error: (object: object) => errors.push(object) };

  it('does no database work for a tree of a device without a running test', async () => {
    const { db, uses } = countingDatabase();
    const monitor = new MaintenanceMonitor({ db, log });
    await monitor.observe(1, treeWith(identity, sensorId, 'alarm', 1), new Date());
    expect(uses).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('does no database work for a tree that cannot move the test from its known state', async () => {
    const { db, uses } = countingDatabase();
    const monitor = new MaintenanceMonitor({ db, log });
    monitor.track(1, { sensorId, deviceType: 'F500', state: MAINTENANCE_EVENTS.expectAlarmOn });
    await monitor.observe(1, treeWith(identity, sensorId, 'clear', 1), new Date());
    await monitor.observe(1, treeWith(identity, sensorId, 'lost', 2), new Date());
    monitor.track(2, { sensorId, deviceType: 'F500', state: MAINTENANCE_EVENTS.expectAlarmOff });
    await monitor.observe(2, treeWith(identity, sensorId, 'alarm', 3), new Date());
    expect(uses).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('asks the database when the tree can move the test, and survives its failure', async () => {
    const { db, uses } = countingDatabase();
    const monitor = new MaintenanceMonitor({ db, log });
    monitor.track(1, { sensorId, deviceType: 'F500', state: MAINTENANCE_EVENTS.expectAlarmOn });
    await expect(
      monitor.observe(1, treeWith(identity, sensorId, 'alarm', 1), new Date()),
    ).resolves.toBeUndefined();
    expect(uses).toContain('transaction');
    expect(errors).toHaveLength(1);
    expect(monitor.isWatching(1)).toBe(true);
  });
});
