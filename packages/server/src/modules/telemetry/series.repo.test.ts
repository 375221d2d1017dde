import { SENSOR_STATUSES, type SensorStatus } from '@vigil/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSensors, provisionDevice } from '../../../test/telemetry';
import { openTestDatabase } from '../../../test/test-database';
import type { Database, DatabaseHandle } from '../../db/database';
import { type NewSensorReadingRow, sensorReadings } from '../../db/tables/sensor-readings.table';
import { sensorRollups1h, sensorRollups1m } from '../../db/tables/sensor-rollups.table';
import { rollUp } from './rollups';
import { findRollupProgress, STATUS_SEVERITY_ORDER, saveRollupProgress, upsertRollups } from './rollups.repo';
import { readSeries } from './series';
import { findSensorKey } from './series.repo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = new Date('2026-07-01T12:20:40Z');
const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

/** One reading every 10 minutes (5 s past) over 31 days, with warnings and alarms here and there. */
function readingsOf(sensorKey: number, skip: (ts: number) => boolean = () => false): NewSensorReadingRow[] {
  const rows: NewSensorReadingRow[] = [];
  for (
    let ts = floorTo(NOW.getTime() - 31 * DAY, HOUR) + 5000, i = 0;
    ts < NOW.getTime();
    ts += 10 * MINUTE, i++
  ) {
    const status: SensorStatus = i % 97 === 0 ? 'Alarm' : i % 50 === 0 ? 'WARNING' : 'OK';
    if (!skip(ts)) {
      const value = i % 41 === 0 ? null : (i % 37) - 10.5;
      rows.push({
        sensorKey,
        ts: new Date(ts),
        value,
        status: SENSOR_STATUSES.indexOf(status),
        inAlarm: status === 'Alarm',
      });
    }
  }
  return rows;
}

describe('sensor series', () => {
  let database: DatabaseHandle;
  let db: Database;
  let deviceId: number;
  let a: number;
  let b: number;
  let readings: NewSensorReadingRow[];

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    deviceId = (await provisionDevice(db)).device.id;
    [a, b] = (await insertSensors(db, deviceId, ['Temperature.T1', 'Network 1.Node 3.T2'])) as [
      number,
      number,
    ];
    readings = readingsOf(a);
    // Sensor b is silent for two hours the evening before.
    const hole = (ts: number) =>
      ts >= Date.parse('2026-06-30T20:00:00Z') && ts < Date.parse('2026-06-30T22:00:00Z');
    const all = [...readings, ...readingsOf(b, hole)];
    for (let start = 0; start < all.length; start += 2000) {
      await db.insert(sensorReadings).values(all.slice(start, start + 2000));
    }
    // All but the last day rolled up in one statement each (the job would take 720 hour-long ones), the job
    // then catches up the last day.
    const bulk = {
      from: new Date(floorTo(NOW.getTime() - 31 * DAY, HOUR)),
      to: new Date(floorTo(NOW.getTime() - DAY, HOUR)),
    };
    await upsertRollups(db, '1m', bulk);
    await upsertRollups(db, '1h', bulk);
    await saveRollupProgress(db, '1m', bulk.to);
    await saveRollupProgress(db, '1h', bulk.to);
    await rollUp(db, NOW);
  });
  afterAll(async () => database.close());

  /** What a graph should show per bucket of `step`, computed here from the readings inserted. */
  function expectedBuckets(from: Date, to: number, step: number) {
    const groups = new Map<number, NewSensorReadingRow[]>();
    for (const row of readings) {
      const ts = (row.ts as Date).getTime();
      if (ts >= floorTo(from.getTime(), step) && ts < to) {
        const bucket = floorTo(ts, step);
        groups.set(bucket, [...(groups.get(bucket) ?? []), row]);
      }
    }
    const rank = (code: number) => STATUS_SEVERITY_ORDER.indexOf(SENSOR_STATUSES[code] as SensorStatus);
    return [...groups].map(([bucket, rows]) => {
      const values = rows.flatMap((row) =>
        row.value === null || row.value === undefined ? [] : [row.value],
      );
      const worst = [...rows].sort((x, y) => rank(x.status) - rank(y.status))[0];
      return {
        t: new Date(bucket),
        value: values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length,
        min: values.length === 0 ? null : Math.min(...values),
        max: values.length === 0 ? null : Math.max(...values),
        status: SENSOR_STATUSES[worst?.status ?? 0],
        alarm: rows.some((row) => row.inAlarm),
      };
    });
  }

  it('finds a sensor key by device and full dotted sensor id', async () => {
    expect(await findSensorKey(db, deviceId, 'Network 1.Node 3.T2')).toBe(b);
    expect(await findSensorKey(db, deviceId, 'Network 1.Node 3')).toBeUndefined();
    expect(await findSensorKey(db, deviceId + 1, 'Temperature.T1')).toBeUndefined();
  });

  it('reads the raw readings for an hour', async () => {
    const from = new Date(NOW.getTime() - HOUR);
    const series = await readSeries(db, { sensorKey: a, from, to: NOW });
    expect(series.resolution).toBe('raw');
    const expected = readings.filter((row) => (row.ts as Date) >= from);
    expect(series.points.map((p) => [p.t, p.value, p.min, p.status, p.alarm])).toEqual(
      expected.map((row) => [row.ts, row.value, row.value, SENSOR_STATUSES[row.status], row.inAlarm]),
    );
  });

  it('reads 24 hours and 7 days from the 1-minute roll-ups, the open minute from raw readings', async () => {
    expect(await findRollupProgress(db, '1m')).toEqual(new Date('2026-07-01T12:20:00Z'));
    for (const span of [DAY, 7 * DAY]) {
      const from = new Date(NOW.getTime() - span);
      const series = await readSeries(db, { sensorKey: a, from, to: NOW });
      expect(series.resolution).toBe('1m');
      expect(series.points).toEqual(expectedBuckets(from, NOW.getTime(), MINUTE));
      expect(series.points.at(-1)?.t).toEqual(new Date('2026-07-01T12:20:00Z'));
    }
    // The points are the stored roll-ups: a changed roll-up row shows.
    const bucket = new Date('2026-07-01T02:00:00Z');
    await db
      .update(sensorRollups1m)
      .set({ max: 1000 })
      .where(and(eq(sensorRollups1m.sensorKey, a), eq(sensorRollups1m.bucket, bucket)));
    const series = await readSeries(db, { sensorKey: a, from: new Date(NOW.getTime() - DAY), to: NOW });
    expect(series.points.find((p) => p.t.getTime() === bucket.getTime())?.max).toBe(1000);
  });

  it('puts a null point in a gap of over 30 minutes × 1.15', async () => {
    const series = await readSeries(db, { sensorKey: b, from: new Date(NOW.getTime() - DAY), to: NOW });
    const gaps = series.points.filter((p) => p.status === null);
    expect(gaps).toEqual([
      { t: new Date('2026-06-30T20:55:00Z'), value: null, min: null, max: null, status: null, alarm: false },
    ]);
  });

  it('reads 30 days from the 1-hour roll-ups without any raw reading, the open hour from 1-minute roll-ups', async () => {
    await db.execute(sql`delete from sensor_readings`);
    const from = new Date(NOW.getTime() - 30 * DAY);
    const series = await readSeries(db, { sensorKey: a, from, to: NOW });
    expect(series.resolution).toBe('1h');
    // Rolled up: every minute before 12:20; the hour of 12:00 comes from its 1-minute roll-ups.
    expect(series.points).toEqual(expectedBuckets(from, Date.parse('2026-07-01T12:20:00Z'), HOUR));
    expect(series.points).toHaveLength(30 * 24 + 1);

    const bucket = new Date('2026-06-15T07:00:00Z');
    await db
      .update(sensorRollups1h)
      .set({ min: -1000 })
      .where(and(eq(sensorRollups1h.sensorKey, a), eq(sensorRollups1h.bucket, bucket)));
    const changed = await readSeries(db, { sensorKey: a, from, to: NOW });
    expect(changed.points.find((p) => p.t.getTime() === bucket.getTime())?.min).toBe(-1000);
  });
});
