import { SENSOR_STATUSES, type SensorStatus } from '@vigil/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database } from '../../db/database';
import { intArray } from '../../db/sql-arrays';
import { rollupProgress } from '../../db/tables/sensor-rollups.table';
import { inReadingBuckets } from './reading-buckets';

/** Roll-up SQL (docs/telemetry.md 'Storage'): one statement per time range, the same on PGlite and PostgreSQL. */

export type RollupResolution = '1m' | '1h';
export type TimeRange = { from: Date; to: Date };

/** A roll-up row as read back, stored or computed on the fly. */
export type RollupPoint = {
  sensorKey: number;
  bucket: Date;
  min: number | null;
  max: number | null;
  sum: number | null;
  count: number;
  last: number | null;
  samples: number;
  worstStatus: number;
  anyAlarm: boolean;
};

/**
 * Statuses from the worst down; a bucket keeps the worst status it saw. A missing value (N/A, e.g. lost
 * communication) outranks a sensor deliberately not scanned, and both outrank OK.
 */
export const STATUS_SEVERITY_ORDER: readonly SensorStatus[] = [
  'Alarm',
  'WARNING',
  'N/A',
  'Not Scanned',
  'OK',
];

const severities = STATUS_SEVERITY_ORDER.map((status, rank) => ({
  code: SENSOR_STATUSES.indexOf(status),
  severity: STATUS_SEVERITY_ORDER.length - 1 - rank,
}));
const toSeverity = severities.map(({ code, severity }) => `when ${code} then ${severity}`).join(' ');
const fromSeverity = severities.map(({ code, severity }) => `when ${severity} then ${code}`).join(' ');

/** The worst status code of a group; built from constants only. */
export function worstStatusOf(column: 'status' | 'worst_status'): SQL {
  return sql.raw(`case max(case ${column} ${toSeverity} else 0 end) ${fromSeverity} else 0 end`);
}

const instant = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;
/** One sensor, several (one `= any(int[])` condition: one query for all of a device's sensors), or all. */
export type SensorKeys = number | readonly number[];
/**
 * A slice of the sensor keys for one roll-up statement: keys above `above` up to `upTo`, a null bound being
 * open, so the first and last slices also hold keys outside the sensors' span (rollups.ts `keySlices`).
 */
export type KeySlice = { above: number | null; upTo: number | null };
/** The sensors a statement covers: one, several, a slice of the keys, or (undefined) all. */
export type SensorFilter = SensorKeys | KeySlice;

/** The filter as conditions on `column`: the readings' and roll-ups' sensor_key, or the dictionary's id. */
const ofSensor = (filter: SensorFilter | undefined, column: 'sensor_key' | 'id' = 'sensor_key'): SQL => {
  const key = sql.raw(column);
  if (filter === undefined) {
    return sql``;
  }
  if (typeof filter === 'number') {
    return sql` and ${key} = ${filter}`;
  }
  if (Array.isArray(filter)) {
    return sql` and ${key} = any(${intArray(filter as readonly number[])})`;
  }
  const { above, upTo } = filter as KeySlice;
  return sql`${above === null ? sql`` : sql` and ${key} > ${above}`}${upTo === null ? sql`` : sql` and ${key} <= ${upTo}`}`;
};

/**
 * The value of a group's latest row: of the pair (time, value) the greatest, compared by time first (of equal
 * times, the greater value; a null value counts as the greatest, as in any array comparison). An ordinary
 * aggregate, unlike `array_agg(value order by ts desc)`, so the group by may hash instead of sorting every row,
 * and `date_part` is a float8, so the pair is a float8 array (microseconds of today's dates stay distinct).
 */
const latestOf = (value: string, time: string): SQL =>
  sql.raw(`(max(array[date_part('epoch', ${time}), ${value}]))[2]`);

/**
 * UTC minutes and hours by `date_bin` from a UTC origin: the same buckets as `date_trunc(unit, ts, 'UTC')`,
 * which converts every row's time through the time zone (a third of a roll-up's CPU).
 */
const binOf = (unit: '1 minute' | '1 hour', time: string): SQL =>
  sql.raw(`date_bin('${unit}'::interval, ${time}, '2000-01-01 00:00:00+00'::timestamptz)`);

/**
 * The largest magnitude one term adds to a roll-up's `sum` (a reading, or a minute's sum in the hour roll-up).
 * A group has fewer than 2^31 terms (its count is an int), so a sum of clamped terms stays below 2.2e307 and a
 * float8 sum can never overflow, whatever was stored (two readings of 1.8e308 once stopped every roll-up).
 * Only such extreme terms change; min, max and last keep the values as stored.
 */
export const ROLLUP_SUM_TERM_LIMIT = 1e298;

const clampedSum = (column: 'value' | 'sum'): SQL => {
  const limit = `'${ROLLUP_SUM_TERM_LIMIT}'::float8`;
  // Not least/greatest: they skip nulls, and a null value must stay out of the sum.
  return sql.raw(`sum(case when ${column} > ${limit} then ${limit} when ${column} < -${limit} then -${limit}
    else ${column} end)`);
};

/** 1-minute aggregates of raw readings whose ts is in the range (optionally of some sensors). */
function selectMinuteRollups(range: TimeRange, sensorKey?: SensorFilter): SQL {
  return sql`select sensor_key, ${binOf('1 minute', 'ts')} as bucket, min(value) as min, max(value) as max,
      ${clampedSum('value')} as sum, count(value)::int as count, ${latestOf('value', 'ts')} as last,
      count(*)::int as samples, ${worstStatusOf('status')} as worst_status, bool_or(in_alarm) as any_alarm
    from sensor_readings
    where ts >= ${instant(range.from)} and ts < ${instant(range.to)}${ofSensor(sensorKey)}${
      // Some sensors: descend the readings index once per bucket (all sensors: the BRIN on ts).
      sensorKey === undefined ? sql`` : sql` and ${inReadingBuckets(range.from, range.to)}`
    }
    group by 1, 2`;
}

/** 1-hour aggregates of the 1-minute roll-ups whose bucket is in the range (optionally of some sensors). */
function selectHourRollups(range: TimeRange, sensorKey?: SensorFilter): SQL {
  return sql`select sensor_key, ${binOf('1 hour', 'bucket')} as bucket, min(min) as min, max(max) as max,
      ${clampedSum('sum')} as sum, sum(count)::int as count, ${latestOf('last', 'bucket')} as last,
      sum(samples)::int as samples, ${worstStatusOf('worst_status')} as worst_status,
      bool_or(any_alarm) as any_alarm
    from sensor_rollups_1m
    where bucket >= ${instant(range.from)} and bucket < ${instant(range.to)}${ofSensor(sensorKey)}
    group by 1, 2`;
}

const selectRollups = { '1m': selectMinuteRollups, '1h': selectHourRollups };
const tableNames = { '1m': 'sensor_rollups_1m', '1h': 'sensor_rollups_1h' };

/**
 * Memory for the roll-up statements of the current transaction: a minute of 115,000 sensors groups in about
 * 45 MB of hash table instead of sorting 7 million rows through temporary files (PostgreSQL's default is 4 MB);
 * a longer range (catching up) spills in batches as before.
 */
export async function useRollupWorkMemory(tx: Database): Promise<void> {
  await tx.execute(sql`set local work_mem = '64MB'`);
}

/**
 * Computes and stores the roll-ups of the range, of the slice's sensors or of all; an existing bucket is
 * recomputed exactly (not merged), so running a statement again changes nothing.
 */
export async function upsertRollups(
  db: Database,
  resolution: RollupResolution,
  range: TimeRange,
  sensorsOf?: SensorFilter,
): Promise<void> {
  const isEverySensor = isKeySlice(sensorsOf) && sensorsOf.above === null && sensorsOf.upTo === null;
  await db.execute(sql`insert into ${sql.identifier(tableNames[resolution])}
      (sensor_key, bucket, min, max, sum, count, last, samples, worst_status, any_alarm)
    ${selectRollups[resolution](range, isEverySensor ? undefined : sensorsOf)}
    on conflict (sensor_key, bucket) do update set min = excluded.min, max = excluded.max, sum = excluded.sum,
      count = excluded.count, last = excluded.last, samples = excluded.samples,
      worst_status = excluded.worst_status, any_alarm = excluded.any_alarm`);
}

function isKeySlice(filter: SensorFilter | undefined): filter is KeySlice {
  return typeof filter === 'object' && !Array.isArray(filter);
}

/** The devices whose sensors are in the slice, each with its sensors' keys there (a poisoned slice is retried by device). */
export async function findSliceDevices(
  db: Database,
  slice: KeySlice,
): Promise<Array<{ deviceId: number; keys: number[] }>> {
  const result = (await db.execute(
    sql`select device_id, array_agg(id order by id) as keys from sensors where true${ofSensor(slice, 'id')}
      group by device_id order by device_id`,
  )) as unknown as { rows: Array<{ device_id: number; keys: number[] }> };
  return result.rows.map((row) => ({ deviceId: Number(row.device_id), keys: row.keys.map(Number) }));
}

const numberOrNull = (value: unknown): number | null => (value === null ? null : Number(value));

/**
 * The roll-ups of one sensor (or of several, in one query) for a range not stored yet, computed from the finer
 * table; by sensor, then bucket.
 */
export async function computeRollups(
  db: Database,
  resolution: RollupResolution,
  range: TimeRange,
  sensorKey: SensorKeys,
): Promise<RollupPoint[]> {
  const result = (await db.execute(
    sql`${selectRollups[resolution](range, sensorKey)} order by 1, 2`,
  )) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  return result.rows.map((row) => ({
    sensorKey: Number(row.sensor_key),
    bucket: new Date(row.bucket as Date | string),
    min: numberOrNull(row.min),
    max: numberOrNull(row.max),
    sum: numberOrNull(row.sum),
    count: Number(row.count),
    last: numberOrNull(row.last),
    samples: Number(row.samples),
    worstStatus: Number(row.worst_status),
    anyAlarm: row.any_alarm === true,
  }));
}

/**
 * Takes the roll-up lock for the current transaction (released at its end); false when another instance
 * holds it. PGlite has a single connection, so there it is always free.
 */
export async function tryRollupLock(tx: Database): Promise<boolean> {
  const result = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.rollups}) as locked`,
  )) as unknown as {
    rows: Array<{ locked: boolean }>;
  };
  return result.rows[0]?.locked === true;
}

/** The lowest and highest key of the sensors dictionary; null while it is empty. */
export async function findSensorKeySpan(db: Database): Promise<{ first: number; last: number } | null> {
  const result = (await db.execute(
    sql`select min(id) as first, max(id) as last from sensors`,
  )) as unknown as { rows: Array<{ first: number | null; last: number | null }> };
  const row = result.rows[0];
  return row?.first == null || row.last == null ? null : { first: Number(row.first), last: Number(row.last) };
}

/** Every bucket before the returned instant is final; undefined before the first run. */
export async function findRollupProgress(db: Database, name: RollupResolution): Promise<Date | undefined> {
  const [row] = await db.select().from(rollupProgress).where(eq(rollupProgress.name, name)).limit(1);
  return row?.doneUntil;
}

/** Sets where both resolutions start when they have no progress yet (first run ever); safe to race. */
export async function seedRollupProgress(db: Database, start: Date): Promise<void> {
  await db
    .insert(rollupProgress)
    .values([
      { name: '1m', doneUntil: start },
      { name: '1h', doneUntil: start },
    ])
    .onConflictDoNothing();
}

export async function saveRollupProgress(
  db: Database,
  name: RollupResolution,
  doneUntil: Date,
): Promise<void> {
  await db
    .insert(rollupProgress)
    .values({ name, doneUntil })
    .onConflictDoUpdate({ target: rollupProgress.name, set: { doneUntil } });
}

/** Deletes the roll-ups of both resolutions whose bucket is before `cutoff`; returns how many of each. */
export async function deleteRollupsBefore(
  db: Database,
  cutoff: Date,
): Promise<{ minuteRows: number; hourRows: number }> {
  return { minuteRows: await deleteBefore(db, '1m', cutoff), hourRows: await deleteBefore(db, '1h', cutoff) };
}

// Counted in the database: the rows left after the partition drops can be a whole day of every sensor.
async function deleteBefore(db: Database, resolution: RollupResolution, cutoff: Date): Promise<number> {
  const result = (await db.execute(sql`with deleted as (
      delete from ${sql.identifier(tableNames[resolution])} where bucket < ${instant(cutoff)} returning 1
    ) select count(*)::int as count from deleted`)) as unknown as { rows: Array<{ count: number }> };
  return Number(result.rows[0]?.count ?? 0);
}
