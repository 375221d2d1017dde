import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sensors } from '../../db/tables/sensors.table';
import { inReadingBuckets } from '../telemetry/reading-buckets';
import {
  computeRollups,
  findRollupProgress,
  type RollupPoint,
  type RollupResolution,
  type TimeRange,
  worstStatusOf,
} from '../telemetry/rollups.repo';
import { type BucketRow, type BucketsByKey, mergeBuckets } from './graph-buckets';
import { type FlatBuckets, NULL_LAST, NULL_MAX, NULL_MIN } from './graph-flat-buckets';
import {
  anyKey,
  epochMs,
  findStoredColumns,
  instant,
  ROLLUP_TABLES,
  type Row,
  rowsOf,
} from './graph-stored.repo';

/**
 * Graph reads (docs/graphs.md 'Reading'): one query per table for all of a device's sensors
 * (`sensor_key = any(...)`), never one per sensor. Rows come back as buckets of `bucketMs` (0: raw rows as
 * they are) with min, max, last value, count of values, worst status and any alarm; timestamps as epoch ms
 * so no Date is built per row.
 */

/** The device's sensors dictionary: full dotted sensor id → sensors.id (the key of readings and roll-ups). */
export async function findSensorKeysOfDevice(db: Database, deviceId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: sensors.id, sensorId: sensors.sensorId })
    .from(sensors)
    .where(eq(sensors.deviceId, deviceId));
  return new Map(rows.map((row) => [row.sensorId, row.id]));
}

export const STEP_MS: Record<RollupResolution, number> = { '1m': 60_000, '1h': 3_600_000 };
/** Up to this many stored buckets per bucket read are read as stored and merged in memory, not grouped in SQL. */
export const MERGE_IN_MEMORY_FACTOR = 4;
/** How far back the buckets not rolled up yet are computed (as telemetry/series.ts reads them). */
const TAIL_MAX_MS: Record<RollupResolution, number> = { '1m': 3_600_000, '1h': 24 * 3_600_000 };

const numberOrNull = (value: unknown): number | null => (value === null ? null : Number(value));

/** `t2` never after the range's end (an open bucket's second point would be drawn in the future). */
function toBucket(row: Row, secondOffsetMs: number, endMs: number): BucketRow {
  const t1 = Number(row.t1);
  const t2 = (row.t2 === undefined ? t1 : Number(row.t2)) + secondOffsetMs;
  return {
    key: Number(row.key),
    t1,
    t2: Math.max(t1, Math.min(t2, endMs - 1)),
    min: numberOrNull(row.min),
    max: numberOrNull(row.max),
    last: numberOrNull(row.last),
    count: Number(row.count),
    status: Number(row.status),
    alarm: row.alarm === true,
  };
}

function byKey(rows: BucketRow[], into: BucketsByKey = new Map()): BucketsByKey {
  for (const row of rows) {
    let list = into.get(row.key);
    if (list === undefined) {
      list = [];
      into.set(row.key, list);
    }
    list.push(row);
  }
  return into;
}

/** Raw readings of the sensors in the range: as they are (bucketMs 0), or in buckets of bucketMs. */
export async function findRawBuckets(
  db: Database,
  keys: readonly number[],
  range: TimeRange,
  bucketMs: number,
): Promise<BucketsByKey> {
  if (keys.length === 0 || range.to <= range.from) {
    return new Map();
  }
  const where = sql`${inReadingBuckets(range.from, range.to)} and ${anyKey(keys)}
    and ts >= ${instant(range.from.getTime())} and ts < ${instant(range.to.getTime())}`;
  if (bucketMs <= 0) {
    const rows = await rowsOf(
      db,
      sql`select sensor_key as key, ${epochMs('ts')} as t1, value, status, in_alarm as alarm
        from sensor_readings where ${where} order by sensor_key, ts`,
    );
    return byKey(
      rows.map((row) => {
        const value = numberOrNull(row.value);
        const t1 = Number(row.t1);
        return {
          key: Number(row.key),
          t1,
          t2: t1,
          min: value,
          max: value,
          last: value,
          count: value === null ? 0 : 1,
          status: Number(row.status),
          alarm: row.alarm === true,
        };
      }),
    );
  }
  const rows = await rowsOf(
    db,
    sql`select sensor_key as key, floor(date_part('epoch', ts) * 1000 / ${bucketMs}) as g,
        ${epochMs('min(ts)')} as t1, ${epochMs('max(ts)')} as t2, min(value) as min, max(value) as max,
        (max(array[date_part('epoch', ts), value]))[2] as last, count(value)::int as count,
        ${worstStatusOf('status')} as status, bool_or(in_alarm) as alarm
      from sensor_readings where ${where} group by 1, 2 order by 1, 2`,
  );
  return byKey(rows.map((row) => toBucket(row, 0, range.to.getTime())));
}

/** Columns of one sensor as BucketRows (the object path of findRollupBuckets). */
function bucketRowsOf(key: number, columns: FlatBuckets): BucketRow[] {
  const rows: BucketRow[] = [];
  for (let i = 0; i < columns.length; i++) {
    const nulls = columns.nulls[i] as number;
    rows.push({
      key,
      t1: columns.t1[i] as number,
      t2: columns.t2[i] as number,
      min: nulls & NULL_MIN ? null : (columns.min[i] as number),
      max: nulls & NULL_MAX ? null : (columns.max[i] as number),
      last: nulls & NULL_LAST ? null : (columns.last[i] as number),
      count: columns.count[i] as number,
      status: columns.status[i] as number,
      alarm: columns.alarm[i] === 1,
    });
  }
  return rows;
}

/** Stored roll-ups of the sensors whose bucket starts in the range: as stored, or grouped into bucketMs. */
async function findStoredBuckets(
  db: Database,
  resolution: RollupResolution,
  keys: readonly number[],
  range: { from: number; to: number },
  bucketMs: number,
  endMs: number,
): Promise<BucketRow[]> {
  if (range.to <= range.from) {
    return [];
  }
  const step = STEP_MS[resolution];
  const halfStep = step / 2;
  if (bucketMs <= MERGE_IN_MEMORY_FACTOR * step) {
    const shape = { step, width: Math.max(bucketMs, step), endMs };
    const columns = await findStoredColumns(db, resolution, keys, range, shape);
    return [...columns].sort(([a], [b]) => a - b).flatMap(([key, flat]) => bucketRowsOf(key, flat));
  }
  const table = sql.raw(ROLLUP_TABLES[resolution]);
  const where = sql`${anyKey(keys)} and bucket >= ${instant(range.from)} and bucket < ${instant(range.to)}`;
  const rows = await rowsOf(
    db,
    sql`select sensor_key as key, floor(date_part('epoch', bucket) * 1000 / ${bucketMs}) as g,
        ${epochMs('min(bucket)')} as t1, ${epochMs('max(bucket)')} as t2, min(min) as min, max(max) as max,
        (max(array[date_part('epoch', bucket), last]))[2] as last, sum(count)::int as count,
        ${worstStatusOf('worst_status')} as status, bool_or(any_alarm) as alarm
      from ${table} where ${where} group by 1, 2 order by 1, 2`,
  );
  return rows.map((row) => toBucket(row, halfStep, endMs));
}

function fromRollupPoint(point: RollupPoint, halfStep: number, endMs: number): BucketRow {
  const t1 = point.bucket.getTime();
  return {
    key: point.sensorKey,
    t1,
    t2: Math.max(t1, Math.min(t1 + halfStep, endMs - 1)),
    min: point.min,
    max: point.max,
    last: point.last,
    count: point.count,
    status: point.worstStatus,
    alarm: point.anyAlarm,
  };
}

/**
 * The buckets not rolled up yet: open minutes computed from at most the last hour of raw rows (one query); open
 * hours read as the 1-minute graphs read them — the stored 1-minute roll-ups grouped into the buckets, plus the
 * raw rows of the minutes not rolled up yet — so a device that started minutes ago has its points before the
 * roll-up job has rolled up a minute.
 */
export async function findTailBuckets(
  db: Database,
  resolution: RollupResolution,
  keys: readonly number[],
  range: TimeRange,
  bucketMs: number,
): Promise<BucketRow[]> {
  const step = STEP_MS[resolution];
  if (resolution === '1h') {
    const minutes = await findRollupBuckets(db, '1m', keys, range, Math.max(bucketMs, step));
    return [...minutes.values()].flat();
  }
  const end = range.to.getTime();
  return (await computeRollups(db, resolution, range, keys)).map((point) =>
    fromRollupPoint(point, step / 2, end),
  );
}

/**
 * Roll-ups of the sensors in the range, in buckets of bucketMs (≥ the table's step): the stored buckets up to
 * the roll-up job's progress in one query, then the buckets not rolled up yet (`findTailBuckets`).
 */
export async function findRollupBuckets(
  db: Database,
  resolution: RollupResolution,
  keys: readonly number[],
  range: TimeRange,
  bucketMs: number,
): Promise<BucketsByKey> {
  const split = keys.length === 0 ? undefined : await findRollupSplit(db, resolution, range);
  if (split === undefined) {
    return new Map();
  }
  const { start, tailFrom, end } = split;
  const stored = await findStoredBuckets(db, resolution, keys, { from: start, to: tailFrom }, bucketMs, end);
  const tail =
    tailFrom >= end
      ? []
      : await findTailBuckets(db, resolution, keys, { from: new Date(tailFrom), to: range.to }, bucketMs);
  const step = STEP_MS[resolution];
  const grouped = byKey(stored);
  if (tail.length > 0) {
    byKey(tail, grouped);
    for (const [key, rows] of grouped) {
      grouped.set(key, mergeBuckets(rows, Math.max(bucketMs, step)));
    }
  }
  return grouped;
}

/** How a roll-up read splits its range: stored buckets in [start, tailFrom), the rest computed (the tail). */
export type RollupSplit = {
  /** The range's start, down to the table's step. */
  start: number;
  /** The roll-up job's progress: every bucket before it is final. */
  done: number;
  tailFrom: number;
  end: number;
};

/** Reads the roll-up progress (one row); undefined when the range holds no bucket. */
export async function findRollupSplit(
  db: Database,
  resolution: RollupResolution,
  range: TimeRange,
): Promise<RollupSplit | undefined> {
  const step = STEP_MS[resolution];
  const start = Math.floor(range.from.getTime() / step) * step;
  const end = range.to.getTime();
  if (end <= start) {
    return undefined;
  }
  const done = (await findRollupProgress(db, resolution))?.getTime() ?? Number.NEGATIVE_INFINITY;
  const tailFrom = Math.min(
    end,
    Math.max(start, done, Math.floor((end - TAIL_MAX_MS[resolution]) / step) * step),
  );
  return { start, done, tailFrom, end };
}
