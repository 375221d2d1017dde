import { describe, expect, it } from 'vitest';
import { bearingOf, treeReading } from '../../../test/fixtures/warnings';
import type { Database } from '../../db/database';
import type { WarningState } from './warning-evaluation';
import type { WatchedWarning } from './warnings.repo';
import { WarningsMonitor } from './warnings-monitor';

const identity = { serialNumber: 'SN-1', code: 'c', deviceType: 'F500' as const, udfId: 'WRN1' };
const bearing = bearingOf(identity);

/** A database that counts every use: the monitor must not touch it for trees that cannot move a warning. */
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

function watched(deviceId: number, state: WarningState, delaySeconds = 0): WatchedWarning {
  return {
    id: deviceId,
    deviceId,
    sensorId: bearing,
    sign: '>',
    value: 100,
    delaySeconds,
    createdAt: new Date(),
    state,
  };
}

describe('WarningsMonitor', () => {
  const errors: unknown[] = [];
  const log = { info: () => {}, error: (object: object) => errors.push(object) };

  async function monitorWith(warnings: WatchedWarning[]) {
    const { db, uses } = countingDatabase();
    const monitor = new WarningsMonitor({ db, log, loadWarnings: async () => warnings });
    await monitor.refresh();
    errors.length = 0;
    return { monitor, uses };
  }

  it('does no database work for a tree of a device without warnings', async () => {
    const { monitor, uses } = await monitorWith([]);
    await monitor.observe(1, treeReading(identity, bearing, 150), new Date());
    expect(monitor.isWatching(1)).toBe(false);
    expect(uses).toEqual([]);
  });

  it('does no database work for trees that cannot move a warning from its known state', async () => {
    const { monitor, uses } = await monitorWith([
      watched(1, { active: false, pendingSince: null }),
      watched(2, { active: true, pendingSince: null }),
      watched(3, { active: false, pendingSince: new Date() }, 60),
    ]);
    const at = new Date();
    // Idle and below; on and above; waiting and above before its 60 s are over; any warning, no reading.
    await monitor.observe(1, treeReading(identity, bearing, 90), at);
    await monitor.observe(2, treeReading(identity, bearing, 150), at);
    await monitor.observe(3, treeReading(identity, bearing, 150), at);
    for (const deviceId of [1, 2, 3]) {
      await monitor.observe(deviceId, treeReading(identity, bearing, 'lost'), at);
    }
    expect(uses).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('asks the database when a tree can move a warning, and survives its failure', async () => {
    const { monitor, uses } = await monitorWith([watched(1, { active: false, pendingSince: null })]);
    await expect(
      monitor.observe(1, treeReading(identity, bearing, 150), new Date()),
    ).resolves.toBeUndefined();
    expect(uses).toContain('transaction');
    expect(errors).toHaveLength(1);
    expect(monitor.isWatching(1)).toBe(true);
  });

  it('keeps the memory of a device changed here while a reload of every device was under way', async () => {
    const { db } = countingDatabase();
    let finishReload: (rows: WatchedWarning[]) => void = () => {};
    const loadWarnings = (deviceId?: number) =>
      deviceId === undefined
        ? new Promise<WatchedWarning[]>((resolve) => {
            finishReload = resolve;
          })
        : Promise.resolve([watched(deviceId, { active: false, pendingSince: null })]);
    const monitor = new WarningsMonitor({ db, log, loadWarnings });
    const reload = monitor.refresh();
    // A save on this instance while the reload reads: the reload's rows predate it.
    await monitor.reloadDevice(1);
    finishReload([watched(2, { active: false, pendingSince: null })]);
    await reload;
    expect(monitor.isWatching(1)).toBe(true);
    expect(monitor.isWatching(2)).toBe(true);
    // The next reload is newer than the save and applies to every device.
    const next = monitor.refresh();
    finishReload([]);
    await next;
    expect(monitor.isWatching(1)).toBe(false);
  });
});
