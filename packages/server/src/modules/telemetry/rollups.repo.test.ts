import { SENSOR_STATUSES, type SensorStatus } from '@vigil/contracts';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertSensors, provisionDevice } from '../../../test/telemetry';
import { openTestDatabase } from '../../../test/test-database';
import type { Database, DatabaseHandle } from '../../db/database';
import { type NewSensorReadingRow, sensorReadings } from '../../db/tables/sensor-readings.table';
import { sensorRollups1h, sensorRollups1m } from '../../db/tables/sensor-rollups.table';
import { rollUp } from './rollups';
import { findRollupProgress, STATUS_SEVERITY_ORDER, saveRollupProgress, tryRollupLock } from './rollups.repo';

const isPostgres = process.env.VIGIL_TEST_DRIVER === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const at = (iso: string) => new Date(`2026-07-01T${iso}Z`);

describe('sensor roll-ups', () => {
  let database: DatabaseHandle;
  let db: Database;
  let a: number;
  let b: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    const { device } = await provisionDevice(db);
    [a, b] = (await insertSensors(db, device.id, ['Temperature.T1', 'Speed.S1'])) as [number, number];
  });
  afterAll(async () => database.close());
  beforeEach(async () => {
    await db.execute(sql`truncate sensor_readings, sensor_rollups_1m, sensor_rollups_1h, rollup_progress`);
  });

  const reading = (
    sensorKey: number,
    time: string,
    value: number | null,
    status: SensorStatus = 'OK',
    inAlarm = false,
  ): NewSensorReadingRow => ({
    sensorKey,
    ts: at(time),
    value,
    status: SENSOR_STATUSES.indexOf(status),
    inAlarm,
  });
  const insert = async (...rows: NewSensorReadingRow[]) => db.insert(sensorReadings).values(rows);
  const minutes = async () =>
    db.select().from(sensorRollups1m).orderBy(asc(sensorRollups1m.sensorKey), asc(sensorRollups1m.bucket));
  const hours = async () =>
    db.select().from(sensorRollups1h).orderBy(asc(sensorRollups1h.sensorKey), asc(sensorRollups1h.bucket));
  const statusCode = (status: SensorStatus) => SENSOR_STATUSES.indexOf(status);
  const rank = (code: number) => STATUS_SEVERITY_ORDER.indexOf(SENSOR_STATUSES[code] as SensorStatus);
  const worstOf = (codes: number[]) => [...codes].sort((x, y) => rank(x) - rank(y))[0];

  it('rolls up each closed minute: min, max, sum, count, last, samples, worst status, any alarm', async () => {
    await insert(
      reading(a, '10:00:05', 3),
      reading(a, '10:00:20', 7, 'WARNING'),
      reading(a, '10:00:35', null, 'N/A'),
      reading(a, '10:00:50', 5, 'Not Scanned'),
      reading(b, '09:59:30', 2, 'N/A'),
      reading(b, '09:59:40', 4, 'Not Scanned'),
      reading(b, '10:00:10', 1, 'Alarm', true),
      reading(b, '10:00:59.999', null),
      // The open minute: it ends at 10:02:00, rolled up from 10:02:30 on.
      reading(a, '10:01:10', 9),
    );
    const run = await rollUp(db, at('10:02:20'));

    expect(run).toEqual({ skipped: false, minutesDoneUntil: at('10:01:00'), hoursDoneUntil: at('10:00:00') });
    const common = { min: null, max: null, sum: null, last: null, anyAlarm: false };
    expect(await minutes()).toEqual([
      {
        ...common,
        sensorKey: a,
        bucket: at('10:00:00'),
        min: 3,
        max: 7,
        sum: 15,
        count: 3,
        last: 5,
        samples: 4,
        worstStatus: statusCode('WARNING'),
      },
      {
        ...common,
        sensorKey: b,
        bucket: at('09:59:00'),
        min: 2,
        max: 4,
        sum: 6,
        count: 2,
        last: 4,
        samples: 2,
        worstStatus: statusCode('N/A'),
      },
      // The latest point of the minute has no value: `last` is null, the average still uses `1`.
      {
        ...common,
        sensorKey: b,
        bucket: at('10:00:00'),
        min: 1,
        max: 1,
        sum: 1,
        count: 1,
        samples: 2,
        worstStatus: statusCode('Alarm'),
        anyAlarm: true,
      },
    ]);
    // The hour of 09:00 is closed (all its minutes rolled up), 10:00 is not.
    expect(await hours()).toEqual([
      {
        ...common,
        sensorKey: b,
        bucket: at('09:00:00'),
        min: 2,
        max: 4,
        sum: 6,
        count: 2,
        last: 4,
        samples: 2,
        worstStatus: statusCode('N/A'),
      },
    ]);
  });

  it('leaves a minute open until 30 s after it ends, and never rolls up a minute twice', async () => {
    await insert(reading(a, '10:00:10', 1), reading(a, '10:01:10', 2));
    await rollUp(db, at('10:02:29'));
    expect((await minutes()).map((row) => row.bucket)).toEqual([at('10:00:00')]);

    await rollUp(db, at('10:02:30'));
    await rollUp(db, at('10:02:30'));
    expect((await minutes()).map((row) => [row.bucket, row.samples])).toEqual([
      [at('10:00:00'), 1],
      [at('10:01:00'), 1],
    ]);
    expect(await findRollupProgress(db, '1m')).toEqual(at('10:02:00'));

    // A row committed after its minute was rolled up stays out of the roll-up (the documented limit).
    await insert(reading(a, '10:00:20', 100));
    await rollUp(db, at('10:05:00'));
    expect((await minutes())[0]).toMatchObject({ bucket: at('10:00:00'), samples: 1, max: 1 });
  });

  it('starts two hours before the current hour on its first run', async () => {
    await insert(reading(a, '07:59:59', 1), reading(a, '08:00:00', 2), reading(a, '10:15:00', 3));
    const run = await rollUp(db, at('10:30:00'));
    expect((await minutes()).map((row) => row.bucket)).toEqual([at('08:00:00'), at('10:15:00')]);
    expect(run.hoursDoneUntil).toEqual(at('10:00:00'));
    expect((await hours()).map((row) => row.bucket)).toEqual([at('08:00:00')]);
  });

  it('rolls up each hour from its minutes', async () => {
    const rows: NewSensorReadingRow[] = [];
    for (let minute = 0; minute < 120; minute += 7) {
      const hh = String(9 + Math.floor(minute / 60)).padStart(2, '0');
      const mm = String(minute % 60).padStart(2, '0');
      const status = minute === 63 ? 'Alarm' : minute % 2 === 0 ? 'OK' : 'WARNING';
      rows.push(reading(a, `${hh}:${mm}:15`, minute % 5 === 0 ? null : minute - 50, status, minute === 63));
      rows.push(reading(a, `${hh}:${mm}:45`, minute / 2));
    }
    await insert(...rows);
    await rollUp(db, at('11:00:30'));

    const perMinute = await minutes();
    const perHour = await hours();
    expect(perHour.map((row) => row.bucket)).toEqual([at('09:00:00'), at('10:00:00')]);
    for (const hour of perHour) {
      const inHour = perMinute.filter(
        (row) => row.bucket.getTime() - hour.bucket.getTime() < 3_600_000 && row.bucket >= hour.bucket,
      );
      const values = (key: 'min' | 'max') => inHour.flatMap((row) => (row[key] === null ? [] : [row[key]]));
      expect(hour).toEqual({
        sensorKey: a,
        bucket: hour.bucket,
        min: Math.min(...values('min')),
        max: Math.max(...values('max')),
        sum: inHour.reduce((total, row) => total + (row.sum ?? 0), 0),
        count: inHour.reduce((total, row) => total + row.count, 0),
        last: inHour.at(-1)?.last,
        samples: inHour.reduce((total, row) => total + row.samples, 0),
        worstStatus: worstOf(inHour.map((row) => row.worstStatus)),
        anyAlarm: inHour.some((row) => row.anyAlarm),
      });
    }
    expect(perHour.map((row) => [row.worstStatus, row.anyAlarm, row.samples])).toEqual([
      [statusCode('WARNING'), false, 18],
      [statusCode('Alarm'), true, 18],
    ]);
  });

  it('catches up a long outage to the last closed minute', async () => {
    await saveRollupProgress(db, '1m', new Date('2026-06-28T10:00:00Z'));
    await saveRollupProgress(db, '1h', new Date('2026-06-28T10:00:00Z'));
    await insert(
      { ...reading(a, '00:00:00', 1), ts: new Date('2026-06-28T10:30:00Z') },
      { ...reading(a, '00:00:00', 2), ts: new Date('2026-06-30T23:59:59Z') },
      reading(a, '09:58:00', 3),
    );
    const run = await rollUp(db, at('10:00:00'));
    expect(run).toEqual({ skipped: false, minutesDoneUntil: at('09:59:00'), hoursDoneUntil: at('09:00:00') });
    expect((await minutes()).map((row) => row.sum)).toEqual([1, 2, 3]);
    expect((await hours()).map((row) => row.sum)).toEqual([1, 2]);
  });

  it('gives the same roll-ups statement by statement over key slices, keys outside the sensors included', async () => {
    // Keys below and above the dictionary's span land in the open-ended first and last slices.
    const below = Math.max(0, a - 1_000);
    const above = b + 1_000;
    const rows = [
      reading(a, '09:10:05', 3),
      reading(a, '09:10:45', null, 'N/A'),
      reading(b, '09:10:20', 7, 'Alarm', true),
      reading(b, '10:00:10', 8),
      reading(below, '09:59:59', 1),
      reading(above, '10:01:30', 2, 'WARNING'),
    ];
    await insert(...rows);
    await rollUp(db, at('10:02:30'));
    const whole = { minutes: await minutes(), hours: await hours() };
    expect(whole.minutes.map((row) => row.sensorKey)).toEqual([below, a, b, b, above].sort((x, y) => x - y));

    await db.execute(sql`truncate sensor_rollups_1m, sensor_rollups_1h, rollup_progress`);
    const run = await rollUp(db, at('10:02:30'), { sliceSensors: 1 });
    expect(run).toEqual({ skipped: false, minutesDoneUntil: at('10:02:00'), hoursDoneUntil: at('10:00:00') });
    expect({ minutes: await minutes(), hours: await hours() }).toEqual(whole);
  });

  it('ends before its next slice once stopped, and a later run writes the range', async () => {
    await insert(reading(a, '10:00:10', 1), reading(b, '10:00:20', 2));
    const stopping = new AbortController();
    stopping.abort();
    const stopped = await rollUp(db, at('10:02:30'), { sliceSensors: 1, signal: stopping.signal });
    expect(stopped).toEqual({ skipped: true });
    expect(await minutes()).toEqual([]);

    await rollUp(db, at('10:02:30'), { sliceSensors: 1 });
    expect((await minutes()).map((row) => [row.sensorKey, row.samples])).toEqual([
      [a, 1],
      [b, 1],
    ]);
  });

  it('gives the same roll-ups when two instances run at once', async () => {
    await insert(reading(a, '10:00:10', 1), reading(b, '10:00:20', 2), reading(a, '10:01:10', 3));
    const runs = await Promise.all([
      rollUp(db, at('10:02:30')),
      rollUp(db, at('10:02:30'), { sliceSensors: 1 }),
    ]);
    expect(runs.some((run) => !run.skipped)).toBe(true);
    expect((await minutes()).map((row) => [row.sensorKey, row.bucket, row.samples])).toEqual([
      [a, at('10:00:00'), 1],
      [a, at('10:01:00'), 1],
      [b, at('10:00:00'), 1],
    ]);
  });

  it.runIf(isPostgres)('skips the run while another instance holds the roll-up lock', async () => {
    await insert(reading(a, '10:00:10', 1));
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reportLock: (locked: boolean) => void = () => {};
    const locked = new Promise<boolean>((resolve) => {
      reportLock = resolve;
    });
    const otherInstance = db.transaction(async (tx) => {
      reportLock(await tryRollupLock(tx));
      await released;
    });
    expect(await locked).toBe(true);
    try {
      expect(await rollUp(db, at('10:02:30'))).toEqual({ skipped: true });
      expect(await minutes()).toEqual([]);
    } finally {
      release();
      await otherInstance;
    }
    expect((await rollUp(db, at('10:02:30'))).skipped).toBe(false);
    expect(await minutes()).toHaveLength(1);
  });
});
