import { type BucketRow, worseStatus } from './graph-buckets';

/**
 * One sensor's buckets as columns (oldest first) instead of one BucketRow object each: what the month graph's
 * cache holds and what its points are built from (docs/graphs.md 'Reading'), so 36,000 buckets of a month cost
 * a few typed arrays rather than 36,000 objects for the garbage collector. Same fields and merge rules as
 * graph-buckets.ts; `nulls` holds which of min, max and last are null (bits of NULL_MIN, NULL_MAX, NULL_LAST).
 */
export type FlatBuckets = {
  length: number;
  t1: Float64Array;
  t2: Float64Array;
  min: Float64Array;
  max: Float64Array;
  last: Float64Array;
  count: Float64Array;
  nulls: Uint8Array;
  status: Uint8Array;
  alarm: Uint8Array;
};

export const NULL_MIN = 1;
export const NULL_MAX = 2;
export const NULL_LAST = 4;

/** Bytes per bucket: six float64 columns and three byte columns. */
const BYTES_PER_BUCKET = 6 * 8 + 3;

export function createFlatBuckets(capacity: number): FlatBuckets {
  const size = Math.max(1, capacity);
  return {
    length: 0,
    t1: new Float64Array(size),
    t2: new Float64Array(size),
    min: new Float64Array(size),
    max: new Float64Array(size),
    last: new Float64Array(size),
    count: new Float64Array(size),
    nulls: new Uint8Array(size),
    status: new Uint8Array(size),
    alarm: new Uint8Array(size),
  };
}

/** Approximate memory of the columns (their capacity), for the cache's byte bound. */
export function flatBucketsBytes(flat: FlatBuckets): number {
  return flat.t1.length * BYTES_PER_BUCKET + 200;
}

/** Columns exactly as long as their buckets (a cache entry keeps no spare capacity). */
export function trimFlatBuckets(flat: FlatBuckets): FlatBuckets {
  if (flat.t1.length === flat.length || flat.length === 0) {
    return flat;
  }
  const copy = createFlatBuckets(flat.length);
  appendFlatBuckets(copy, flat);
  return copy;
}

/** A copy with room for `extra` more buckets (merging into a cached entry must never change it). */
export function copyFlatBuckets(flat: FlatBuckets, extra: number): FlatBuckets {
  const copy = createFlatBuckets(flat.length + extra);
  appendFlatBuckets(copy, flat);
  return copy;
}

function appendFlatBuckets(into: FlatBuckets, from: FlatBuckets): void {
  const n = from.length;
  const at = into.length;
  into.t1.set(from.t1.subarray(0, n), at);
  into.t2.set(from.t2.subarray(0, n), at);
  into.min.set(from.min.subarray(0, n), at);
  into.max.set(from.max.subarray(0, n), at);
  into.last.set(from.last.subarray(0, n), at);
  into.count.set(from.count.subarray(0, n), at);
  into.nulls.set(from.nulls.subarray(0, n), at);
  into.status.set(from.status.subarray(0, n), at);
  into.alarm.set(from.alarm.subarray(0, n), at);
  into.length = at + n;
}

/** A bucket as `pushFlatBucket` takes it: a BucketRow without its sensor key. */
export type FlatBucketInput = Omit<BucketRow, 'key'>;

/**
 * Appends the bucket, or merges it into the last one when both fall in the same bucket of `width` (the rules of
 * graph-buckets.ts `mergeInto`); a width of 0 never merges. The columns must have room for one more.
 */
export function pushFlatBucket(flat: FlatBuckets, row: FlatBucketInput, width: number): void {
  const index = flat.length - 1;
  if (
    index < 0 ||
    width <= 0 ||
    Math.floor((flat.t1[index] as number) / width) !== Math.floor(row.t1 / width)
  ) {
    const at = flat.length;
    flat.t1[at] = row.t1;
    flat.t2[at] = row.t2;
    flat.min[at] = row.min ?? 0;
    flat.max[at] = row.max ?? 0;
    flat.last[at] = row.last ?? 0;
    flat.count[at] = row.count;
    flat.nulls[at] =
      (row.min === null ? NULL_MIN : 0) |
      (row.max === null ? NULL_MAX : 0) |
      (row.last === null ? NULL_LAST : 0);
    flat.status[at] = row.status;
    flat.alarm[at] = row.alarm ? 1 : 0;
    flat.length = at + 1;
    return;
  }
  const nulls = flat.nulls[index] as number;
  flat.t2[index] = Math.max(flat.t2[index] as number, row.t2);
  let merged = nulls & ~(NULL_MIN | NULL_MAX | NULL_LAST);
  if (nulls & NULL_MIN) {
    flat.min[index] = row.min ?? 0;
    merged |= row.min === null ? NULL_MIN : 0;
  } else if (row.min !== null) {
    flat.min[index] = Math.min(flat.min[index] as number, row.min);
  }
  if (nulls & NULL_MAX) {
    flat.max[index] = row.max ?? 0;
    merged |= row.max === null ? NULL_MAX : 0;
  } else if (row.max !== null) {
    flat.max[index] = Math.max(flat.max[index] as number, row.max);
  }
  flat.last[index] = row.last ?? 0;
  merged |= row.last === null ? NULL_LAST : 0;
  flat.nulls[index] = merged;
  flat.count[index] = (flat.count[index] as number) + row.count;
  flat.status[index] = worseStatus(flat.status[index] as number, row.status);
  flat.alarm[index] = flat.alarm[index] === 1 || row.alarm ? 1 : 0;
}

/** BucketRows of one sensor (oldest first, already merged) as columns. */
export function flatBucketsOf(rows: readonly BucketRow[]): FlatBuckets {
  const flat = createFlatBuckets(rows.length);
  for (const row of rows) {
    pushFlatBucket(flat, row, 0);
  }
  return flat;
}
