import { type SQL, sql } from 'drizzle-orm';

/**
 * The readings index leads with the reading's 10-second bucket: `(bucket, sensor_key, ts)` (docs/telemetry.md
 * 'Readings index'). Every sensor then writes into the current bucket's few leaf pages, shared by all sensors,
 * instead of keeping a leaf page of its own hot (with one page per sensor, 45,000 sensors outgrew the default
 * 128 MB of PostgreSQL's buffers and every write read and evicted pages: docs/performance.md). A read of one
 * sensor names the buckets of its range, one index descent each.
 *
 * `date_bin` with a fixed origin is immutable, so it can be indexed; the index's expression and the reads' must
 * stay the same text, hence this one source (and migration 0012).
 */
export const READING_BUCKET_SECONDS = 10;

/** The indexed expression, as the migration writes it. */
export const READING_BUCKET_SQL = `date_bin('${READING_BUCKET_SECONDS} seconds'::interval, ts, '2000-01-01 00:00:00+00'::timestamptz)`;

const bucketOf = (at: SQL): SQL =>
  sql`date_bin(${sql.raw(`'${READING_BUCKET_SECONDS} seconds'::interval`)}, ${at}, '2000-01-01 00:00:00+00'::timestamptz)`;

/**
 * `ts`'s bucket is one of the buckets of [from, to): the condition that lets a read of some sensors descend the
 * index once per bucket. The ts range itself must still be given (a bucket reaches outside the range).
 */
export function inReadingBuckets(from: Date, to: Date): SQL {
  const start = sql`${from.toISOString()}::timestamptz`;
  const end = sql`${to.toISOString()}::timestamptz`;
  return sql`${sql.raw(READING_BUCKET_SQL)} = any(array(select generate_series(${bucketOf(start)}, ${end}, ${sql.raw(`'${READING_BUCKET_SECONDS} seconds'::interval`)})))`;
}
