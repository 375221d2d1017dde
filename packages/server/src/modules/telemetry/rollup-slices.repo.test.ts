import { SENSOR_STATUSES } from '@vigil/contracts';
import { sql } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertSensors, provisionDevice } from '../../../test/telemetry';
import { openTestDatabase } from '../../../test/test-database';
import type { Database, DatabaseHandle } from '../../db/database';
import { isDataException } from '../../db/sql-state';
import { sensorRollups1h, sensorRollups1m } from '../../db/tables/sensor-rollups.table';
import { reportSkippedRollups, type SkippedRollup } from './rollup-slices';
import { rollUp } from './rollups';
import { findRollupProgress, saveRollupProgress } from './rollups.repo';

/** A device whose stored data makes its roll-up fail is skipped and reported; every other device moves on. */

const at = (iso: string) => new Date(`2026-07-01T${iso}Z`);

describe('a roll-up slice that fails on its data', () => {
  let database: DatabaseHandle;
  let db: Database;
  let poisonedDevice: number;
  let poisoned: number;
  let healthy: number[];

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    const first = await provisionDevice(db);
    const second = await provisionDevice(db);
    const third = await provisionDevice(db);
    poisonedDevice = second.device.id;
    healthy = [(await insertSensors(db, first.device.id, ['Speed.S1']))[0] as number];
    poisoned = (await insertSensors(db, poisonedDevice, ['Speed.S1']))[0] as number;
    healthy.push((await insertSensors(db, third.device.id, ['Speed.S1']))[0] as number);
  });
  afterAll(async () => database.close());
  beforeEach(async () => {
    await db.execute(sql`truncate sensor_readings, sensor_rollups_1m, sensor_rollups_1h, rollup_progress`);
    await saveRollupProgress(db, '1m', at('11:00:00'));
    await saveRollupProgress(db, '1h', at('10:00:00'));
  });

  /** Two minutes of each sensor; the poisoned sensor's counts add up past an int (written by a faulty tool). */
  async function storeMinutes(): Promise<void> {
    const ok = SENSOR_STATUSES.indexOf('OK');
    const minute = (sensorKey: number, time: string, count: number) => ({
      sensorKey,
      bucket: at(time),
      min: 1,
      max: 3,
      sum: 2 * count,
      count,
      last: 2,
      samples: count,
      worstStatus: ok,
      anyAlarm: false,
    });
    await db
      .insert(sensorRollups1m)
      .values([
        ...healthy.flatMap((key) => [minute(key, '10:00:00', 60), minute(key, '10:01:00', 60)]),
        minute(poisoned, '10:00:00', 2_000_000_000),
        minute(poisoned, '10:01:00', 2_000_000_000),
      ]);
  }

  it('rolls up the other devices, skips the failing one and reports it, and moves the progress on', async () => {
    await storeMinutes();
    const skipped: SkippedRollup[] = [];

    for (const sliceSensors of [5_000, 1]) {
      skipped.length = 0;
      await db.execute(sql`truncate sensor_rollups_1h`);
      await saveRollupProgress(db, '1h', at('10:00:00'));
      const run = await rollUp(db, at('11:00:40'), {
        sliceSensors,
        onSkipped: (entry) => skipped.push(entry),
      });

      expect(run.hoursDoneUntil).toEqual(at('11:00:00'));
      expect(await findRollupProgress(db, '1h')).toEqual(at('11:00:00'));
      const rows = await db.select().from(sensorRollups1h);
      expect(rows.map((row) => row.sensorKey).sort((x, y) => x - y)).toEqual(healthy);
      expect(rows.every((row) => row.count === 120 && row.sum === 240)).toBe(true);
      expect(skipped).toHaveLength(1);
      expect(skipped[0]).toMatchObject({ resolution: '1h', deviceId: poisonedDevice });
      expect(skipped[0]?.range).toEqual({ from: at('10:00:00'), to: at('11:00:00') });
      expect(isDataException(skipped[0]?.error)).toBe(true);
    }
  });

  it('logs a skipped device and counts it in the registry', async () => {
    const registry = new Registry();
    const errors: Array<{ object: object; message: string }> = [];
    const report = reportSkippedRollups(
      { info: () => {}, error: (object, message) => errors.push({ object, message }) },
      registry,
    );
    await storeMinutes();

    await rollUp(db, at('11:00:40'), { onSkipped: report });

    expect(errors).toHaveLength(1);
    expect(errors[0]?.object).toMatchObject({ deviceId: poisonedDevice, resolution: '1h' });
    expect(await registry.metrics()).toContain('vigil_rollup_slices_skipped_total{resolution="1h"} 1');
  });

  it('leaves the range for a later run when the failure is not in the data', async () => {
    await storeMinutes();
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' });
    let transactions = 0;
    const failing = new Proxy(db, {
      get(target, property, receiver) {
        // The minutes' and the hours' plans answer; the hour roll-up's writes fail as on a lost connection.
        if (property === 'transaction') {
          return async (work: (tx: Database) => Promise<unknown>) => {
            transactions += 1;
            if (transactions > 2) {
              throw lost;
            }
            return target.transaction(work);
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });

    await expect(rollUp(failing, at('11:00:40'))).rejects.toBe(lost);
    expect(await findRollupProgress(db, '1h')).toEqual(at('10:00:00'));
  });
});
