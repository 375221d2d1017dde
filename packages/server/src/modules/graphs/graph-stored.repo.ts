import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { intArray } from '../../db/sql-arrays';
import type { RollupResolution } from '../telemetry/rollups.repo';
import { createFlatBuckets, type FlatBuckets, pushFlatBucket, trimFlatBuckets } from './graph-flat-buckets';

/**
 * Stored roll-ups read as bucket columns per sensor (graph-flat-buckets.ts): the month graph's path and its
 * cache's (docs/graphs.md 'Reading'). One range read of the primary key (a bitmap scan visits each page once,
 * as the roll-up job writes an hour of every sensor together) answering one row per sensor whose text is a flat
 * JSON array `[t, min, max, last, status × 2 + alarm, ...]`: parsing 100 arrays natively costs a fraction of
 * 72,000 rows of six fields (and builds no object per row). No ORDER BY (ordered aggregates sort every sensor's
 * rows): a sensor's buckets are put in time order here when they are not. Values are finite (readings come
 * from JSON), so the text is valid JSON. Neighbouring buckets of a wider bucket are merged as they are read.
 */

export const ROLLUP_TABLES: Record<RollupResolution, string> = {
  '1m': 'sensor_rollups_1m',
  '1h': 'sensor_rollups_1h',
};

export const anyKey = (keys: readonly number[]): SQL => sql`sensor_key = any(${intArray(keys)})`;
export const instant = (ms: number): SQL => sql`${new Date(ms).toISOString()}::timestamptz`;
/**
 * date_part answers float8 (extract's numeric is slower to compute and to parse). A group's last value is
 * `(max(array[epoch, value]))[2]`: a plain aggregate (parallel, no sort of the group) instead of an ordered one.
 */
export const epochMs = (column: string): SQL => sql.raw(`date_part('epoch', ${column}) * 1000`);

export type Row = Record<string, unknown>;

export async function rowsOf(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const FLAT_STRIDE = 5;

export type StoredShape = {
  /** The table's step (1 minute or 1 hour). */
  step: number;
  /** Width of the buckets answered (≥ step). */
  width: number;
  /** A bucket's second point is drawn at its middle, never at or after this instant (the range's end). */
  endMs: number;
};

/** A sensor's flat text as columns, in time order, merged into buckets of `shape.width`. */
function columnsOf(flat: Array<number | null>, shape: StoredShape): FlatBuckets {
  const at = (index: number) => flat[index * FLAT_STRIDE] as number;
  const count = flat.length / FLAT_STRIDE;
  let order: number[] | undefined;
  for (let index = 1; index < count && order === undefined; index++) {
    if (at(index) < at(index - 1)) {
      order = Array.from({ length: count }, (_, position) => position).sort((a, b) => at(a) - at(b));
    }
  }
  const halfStep = shape.step / 2;
  const columns = createFlatBuckets(count);
  for (let position = 0; position < count; position++) {
    const base = (order === undefined ? position : (order[position] as number)) * FLAT_STRIDE;
    const t1 = flat[base] as number;
    const min = flat[base + 1] as number | null;
    const flags = flat[base + 4] as number;
    pushFlatBucket(
      columns,
      {
        t1,
        t2: Math.max(t1, Math.min(t1 + halfStep, shape.endMs - 1)),
        min,
        max: flat[base + 2] as number | null,
        last: flat[base + 3] as number | null,
        count: min === null ? 0 : 1,
        status: flags >> 1,
        alarm: (flags & 1) === 1,
      },
      shape.width,
    );
  }
  return trimFlatBuckets(columns);
}

/** Stored roll-ups of the sensors whose bucket starts in [from, to), by sensor key, merged into `shape.width`. */
export async function findStoredColumns(
  db: Database,
  resolution: RollupResolution,
  keys: readonly number[],
  range: { from: number; to: number },
  shape: StoredShape,
): Promise<Map<number, FlatBuckets>> {
  const byKey = new Map<number, FlatBuckets>();
  if (keys.length === 0 || range.to <= range.from) {
    return byKey;
  }
  const table = sql.raw(ROLLUP_TABLES[resolution]);
  const rows = await rowsOf(
    db,
    sql`select sensor_key as key, '[' || string_agg(concat_ws(',', ${epochMs('bucket')}, coalesce(min::text, 'null'),
        coalesce(max::text, 'null'), coalesce(last::text, 'null'), worst_status * 2 + any_alarm::int), ',') || ']' as flat
      from ${table}
      where ${anyKey(keys)} and bucket >= ${instant(range.from)} and bucket < ${instant(range.to)}
      group by sensor_key`,
  );
  for (const row of rows) {
    byKey.set(Number(row.key), columnsOf(JSON.parse(String(row.flat)) as Array<number | null>, shape));
  }
  return byKey;
}
