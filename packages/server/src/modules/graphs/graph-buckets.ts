import { SENSOR_STATUSES } from '@vigil/contracts';
import { STATUS_SEVERITY_ORDER } from '../telemetry/rollups.repo';

/**
 * Buckets as the graph reads answer them (graphs.repo.ts): per sensor and time bucket the min, max and last
 * value, how many values, the worst status and any alarm; and the merging of neighbouring buckets into wider
 * ones. Pure.
 */

/** One bucket of one sensor: `t1` its first timestamp, `t2` where its second extreme is drawn. */
export type BucketRow = {
  key: number;
  t1: number;
  t2: number;
  min: number | null;
  max: number | null;
  last: number | null;
  /** Values that were not null (at least 1 when there were some); 0 for a bucket of missing values (a gap). */
  count: number;
  /** Worst status code (SENSOR_STATUSES index). */
  status: number;
  alarm: boolean;
};

export type BucketsByKey = Map<number, BucketRow[]>;

const severityOf = (code: number): number =>
  STATUS_SEVERITY_ORDER.length - 1 - STATUS_SEVERITY_ORDER.indexOf(SENSOR_STATUSES[code] ?? 'OK');

/** The worse of two status codes (Alarm > WARNING > N/A > Not Scanned > OK). */
export function worseStatus(a: number, b: number): number {
  return severityOf(b) > severityOf(a) ? b : a;
}

/** Appends `row` to `merged`, or merges it into the last one when both are of one sensor and one bucket. */
export function mergeInto(merged: BucketRow[], row: BucketRow, bucketMs: number): void {
  const previous = merged[merged.length - 1];
  if (
    previous === undefined ||
    previous.key !== row.key ||
    Math.floor(previous.t1 / bucketMs) !== Math.floor(row.t1 / bucketMs)
  ) {
    merged.push(row);
    return;
  }
  previous.t2 = Math.max(previous.t2, row.t2);
  previous.min =
    previous.min === null ? row.min : row.min === null ? previous.min : Math.min(previous.min, row.min);
  previous.max =
    previous.max === null ? row.max : row.max === null ? previous.max : Math.max(previous.max, row.max);
  previous.last = row.last;
  previous.count += row.count;
  previous.status = worseStatus(previous.status, row.status);
  previous.alarm = previous.alarm || row.alarm;
}

/**
 * Merges neighbouring rows of one sensor that fall in the same bucket of bucketMs (the stored buckets and the
 * tail computed on the fly). Takes ownership of the rows: merged ones are changed in place.
 */
export function mergeBuckets(rows: readonly BucketRow[], bucketMs: number): BucketRow[] {
  const merged: BucketRow[] = [];
  for (const row of rows) {
    mergeInto(merged, row, bucketMs);
  }
  return merged;
}
