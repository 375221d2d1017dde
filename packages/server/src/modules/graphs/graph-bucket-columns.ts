import type { Database } from '../../db/database';
import type { RollupResolution } from '../telemetry/rollups.repo';
import type { BucketRow, BucketsByKey } from './graph-buckets';
import {
  copyFlatBuckets,
  createFlatBuckets,
  type FlatBuckets,
  flatBucketsOf,
  pushFlatBucket,
} from './graph-flat-buckets';
import type { GraphWindow } from './graph-range';
import { findStoredColumns } from './graph-stored.repo';
import type { StoredBucketsCache } from './graph-stored-cache';
import {
  findRawBuckets,
  findRollupBuckets,
  findRollupSplit,
  findTailBuckets,
  MERGE_IN_MEMORY_FACTOR,
  type RollupSplit,
  STEP_MS,
} from './graphs.repo';

/**
 * The buckets of a graph call as columns per sensor key (graph-flat-buckets.ts). Month and historical graphs
 * (1-hour roll-ups) keep their stored part in the cache (graph-stored-cache.ts) under a key of everything it
 * depends on, so a call reads only the roll-up progress and the hours not rolled up yet (docs/graphs.md
 * 'Stored part cache'); other windows read as graphs.repo.ts does.
 */

export type ColumnsByKey = ReadonlyMap<number, FlatBuckets>;

export type ColumnsContext = {
  db: Database;
  cache: StoredBucketsCache;
  deviceId: number;
  /** HISTORY_RETENTION_DAYS: roll-ups older than that are deleted, so ranges near it are not cached. */
  retentionDays: number;
  nowMs: number;
};

const DAY_MS = 24 * 3_600_000;

function columnsOfRows(grouped: BucketsByKey): Map<number, FlatBuckets> {
  return new Map([...grouped].map(([key, rows]) => [key, flatBucketsOf(rows)]));
}

/** The key of the stored part, or undefined when it may still change (not final, or near the retention). */
function storedKeyOf(
  context: ColumnsContext,
  resolution: RollupResolution,
  split: RollupSplit,
  width: number,
  keys: readonly number[],
): string | undefined {
  const step = STEP_MS[resolution];
  const retentionEdge = context.nowMs - (context.retentionDays - 2) * DAY_MS;
  if (resolution !== '1h' || split.tailFrom > split.done || split.start < retentionEdge) {
    return undefined;
  }
  // A stored bucket's second point is clamped to the range's end only when the last one could reach it.
  const lastBucket = Math.ceil(split.tailFrom / step) * step - step;
  const clamp = lastBucket + step / 2 <= split.end - 1 ? 'free' : String(split.end);
  const parts = [context.deviceId, resolution, width, split.start, split.tailFrom, split.done, clamp];
  return `${parts.join('|')}|${keys.join(',')}`;
}

async function storedColumns(
  context: ColumnsContext,
  window: GraphWindow,
  resolution: RollupResolution,
  split: RollupSplit,
  keys: readonly number[],
): Promise<ColumnsByKey> {
  const step = STEP_MS[resolution];
  const width = Math.max(window.bucketMs, step);
  const key = storedKeyOf(context, resolution, split, width, keys);
  const cached = key === undefined ? undefined : context.cache.get(key);
  if (cached !== undefined) {
    return cached;
  }
  const range = { from: split.start, to: split.tailFrom };
  const columns = await findStoredColumns(context.db, resolution, keys, range, {
    step,
    width,
    endMs: split.end,
  });
  if (key !== undefined) {
    const slot = window.endsNow ? `${context.deviceId}|${resolution}|${width}|now` : key;
    context.cache.set(key, slot, columns);
  }
  return columns;
}

/** Stored columns with the tail's rows merged in; a stored column is copied before anything is merged into it. */
function withTail(stored: ColumnsByKey, tail: readonly BucketRow[], width: number): Map<number, FlatBuckets> {
  const tailByKey = new Map<number, BucketRow[]>();
  for (const row of tail) {
    const rows = tailByKey.get(row.key);
    if (rows === undefined) {
      tailByKey.set(row.key, [row]);
    } else {
      rows.push(row);
    }
  }
  const merged = new Map(stored);
  for (const [key, rows] of tailByKey) {
    const base = stored.get(key);
    const columns = base === undefined ? createFlatBuckets(rows.length) : copyFlatBuckets(base, rows.length);
    for (const row of rows) {
      pushFlatBucket(columns, row, width);
    }
    merged.set(key, columns);
  }
  return merged;
}

/** Every sensor's buckets of the window, as columns by sensor key. */
export async function readBucketColumns(
  context: ColumnsContext,
  window: GraphWindow,
  keys: readonly number[],
): Promise<ColumnsByKey> {
  const { db } = context;
  if (window.source === 'raw') {
    return columnsOfRows(await findRawBuckets(db, keys, window, window.bucketMs));
  }
  const resolution = window.source;
  const step = STEP_MS[resolution];
  if (window.bucketMs > MERGE_IN_MEMORY_FACTOR * step) {
    return columnsOfRows(await findRollupBuckets(db, resolution, keys, window, window.bucketMs));
  }
  const split = keys.length === 0 ? undefined : await findRollupSplit(db, resolution, window);
  if (split === undefined) {
    return new Map();
  }
  const stored = await storedColumns(context, window, resolution, split, keys);
  if (split.tailFrom >= split.end) {
    return stored;
  }
  const tail = await findTailBuckets(
    db,
    resolution,
    keys,
    { from: new Date(split.tailFrom), to: window.to },
    window.bucketMs,
  );
  return withTail(stored, tail, Math.max(window.bucketMs, step));
}
