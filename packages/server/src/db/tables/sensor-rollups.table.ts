import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Downsampled readings, so a long graph never scans raw rows (docs/telemetry.md 'Storage'): per sensor and
 * bucket the min, max, sum and count of the non-null values, the last value, the worst status and whether any
 * point was in alarm. `samples` counts every point, null values included.
 */
function rollupColumns() {
  return {
    sensorKey: integer('sensor_key').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    sum: doublePrecision('sum'),
    count: integer('count').notNull(),
    last: doublePrecision('last'),
    samples: integer('samples').notNull(),
    worstStatus: smallint('worst_status').notNull(),
    anyAlarm: boolean('any_alarm').notNull(),
  };
}

/** One row per sensor per minute; daily partitions like sensor_readings (telemetry/partitions.ts). */
export const sensorRollups1m = pgTable('sensor_rollups_1m', rollupColumns(), (t) => [
  primaryKey({ name: 'sensor_rollups_1m_pkey', columns: [t.sensorKey, t.bucket] }),
  // The hourly roll-up reads an hour of buckets of every sensor; rows arrive in bucket order.
  index('sensor_rollups_1m_bucket_brin').using('brin', t.bucket),
]);

/** One row per sensor per hour, rolled up from sensor_rollups_1m. */
export const sensorRollups1h = pgTable('sensor_rollups_1h', rollupColumns(), (t) => [
  primaryKey({ name: 'sensor_rollups_1h_pkey', columns: [t.sensorKey, t.bucket] }),
  index('sensor_rollups_1h_bucket_idx').on(t.bucket),
]);

/** How far each roll-up has been computed: every bucket before `done_until` is final. */
export const rollupProgress = pgTable('rollup_progress', {
  name: text('name').primaryKey(),
  doneUntil: timestamp('done_until', { withTimezone: true }).notNull(),
});

export type RollupRow = typeof sensorRollups1m.$inferSelect;
