import { type SQL, sql } from 'drizzle-orm';
import { READING_BUCKET_SECONDS, READING_BUCKET_SQL } from '../../db/tables/sensor-readings.table';

// The bucket expression is the readings index's (sensor-readings.table.ts): reads must name it as it is indexed.
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
