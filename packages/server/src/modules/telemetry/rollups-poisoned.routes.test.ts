import { listSensors, SENSOR_STATUSES } from '@vigil/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceWithTree, headerAt, type SettingsDevice } from '../../../test/sensor-settings';
import { buildTestApp, METRICS_REQUEST, type TestApp } from '../../../test/test-app';
import { sensorReadings } from '../../db/tables/sensor-readings.table';
import { sensorRollups1m } from '../../db/tables/sensor-rollups.table';
import { sensors } from '../../db/tables/sensors.table';
import { rollUp } from './rollups';
import { findRollupProgress } from './rollups.repo';

/**
 * One device's extreme readings (stored before any ingest range check, or written around it) neither stop the
 * roll-ups of every other device nor break that device's graphs (issue 23).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const LARGEST = 1.7976931348623157e308;

describe('roll-ups over extreme readings', () => {
  let t: TestApp;
  let poisoned: SettingsDevice;
  let healthy: SettingsDevice;
  let poisonedKey: number;
  let healthyKey: number;
  /** A minute far enough back that the roll-up at `now` closes it. */
  let minute: number;
  let now: Date;

  /** The dictionary key of the device's first NUMERIC sensor. */
  async function numericKeyOf(device: SettingsDevice): Promise<number> {
    const entry = listSensors(device.tree).find((candidate) => candidate.sensor.Type === 'NUMERIC');
    expect(entry).toBeDefined();
    const [row] = await t.db
      .select({ id: sensors.id })
      .from(sensors)
      .where(and(eq(sensors.deviceId, device.device.id), eq(sensors.sensorId, entry?.fullId ?? '')));
    return row?.id ?? 0;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    // Roll-ups run at the test's clock only, not on the job's real-time minute.
    await t.app.rollupJob.stop();
    poisoned = await deviceWithTree(t.app, t.db, '0300');
    healthy = await deviceWithTree(t.app, t.db, '0300');
    poisonedKey = await numericKeyOf(poisoned);
    healthyKey = await numericKeyOf(healthy);
    minute = Math.floor(Date.now() / MINUTE) * MINUTE - 5 * MINUTE;
    now = new Date(minute + 2 * MINUTE);
    const ok = SENSOR_STATUSES.indexOf('OK');
    const row = (sensorKey: number, second: number, value: number) => ({
      sensorKey,
      ts: new Date(minute + second * 1000),
      value,
      status: ok,
      inAlarm: false,
    });
    // Straight through the table, as readings stored before the ingest refused such values.
    await t.db
      .insert(sensorReadings)
      .values([
        row(poisonedKey, 10, LARGEST),
        row(poisonedKey, 20, LARGEST),
        row(healthyKey, 10, 4),
        row(healthyKey, 20, 6),
      ]);
  });
  afterAll(async () => t.close());

  const dayGraph = async (device: SettingsDevice) =>
    t.app.inject({
      url: `/api/v1/graphs/device/${device.device.id}/?timescale=day`,
      headers: { authorization: await headerAt(t.app, t.db, device.site, 'User') },
    });

  it('answers the graph of the device before its minutes are rolled up', async () => {
    const response = await dayGraph(poisoned);
    expect(response.statusCode).toBe(200);
    expect(() => response.json()).not.toThrow();
  });

  it('rolls up every device and moves on, the extreme minute included', async () => {
    const run = await rollUp(t.db, now);

    expect(run.skipped).toBe(false);
    expect(run.minutesDoneUntil?.getTime()).toBe(minute + MINUTE);
    expect((await findRollupProgress(t.db, '1m'))?.getTime()).toBe(minute + MINUTE);
    const rows = await t.db
      .select()
      .from(sensorRollups1m)
      .where(sql`${sensorRollups1m.sensorKey} in (${poisonedKey}, ${healthyKey})`);
    const byKey = new Map(rows.map((rollup) => [rollup.sensorKey, rollup]));
    expect(byKey.get(healthyKey)).toMatchObject({ min: 4, max: 6, sum: 10, count: 2 });
    const extreme = byKey.get(poisonedKey);
    expect(extreme).toMatchObject({ min: LARGEST, max: LARGEST, count: 2 });
    expect(Number.isFinite(extreme?.sum)).toBe(true);
  });

  it('answers the graphs of the rolled-up extreme minute', async () => {
    const day = await dayGraph(poisoned);
    expect(day.statusCode).toBe(200);
    expect(() => day.json()).not.toThrow();
    const hoursLater = await rollUp(t.db, new Date(minute + 2 * HOUR));
    expect(hoursLater.hoursDoneUntil?.getTime()).toBeGreaterThan(minute);
    const week = await t.app.inject({
      url: `/api/v1/graphs/device/${poisoned.device.id}/?timescale=week`,
      headers: { authorization: await headerAt(t.app, t.db, poisoned.site, 'User') },
    });
    expect(week.statusCode).toBe(200);
    expect(() => week.json()).not.toThrow();
  });

  it('counts skipped roll-up slices in /metrics', async () => {
    const metrics = await t.app.inject(METRICS_REQUEST);
    expect(metrics.body).toContain('vigil_rollup_slices_skipped_total');
  });
});
