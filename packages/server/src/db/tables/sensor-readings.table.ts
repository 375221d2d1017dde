import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * The readings index leads with the reading's 10-second bucket: `(bucket, sensor_key, ts)` (docs/telemetry.md
 * 'Readings index'). Every sensor then writes into the current bucket's few leaf pages, shared by all sensors,
 * instead of keeping a leaf page of its own hot (with one page per sensor, 45,000 sensors outgrew the default
 * 128 MB of PostgreSQL's buffers and every write read and evicted pages: docs/performance.md). A read of one
 * sensor names the buckets of its range, one index descent each (telemetry/reading-buckets.ts).
 *
 * `date_bin` with a fixed origin is immutable, so it can be indexed; the index's expression and the reads' must
 * stay the same text, hence this one source (and migration 0012).
 */
export const READING_BUCKET_SECONDS = 10;

/** The indexed expression, as the migration writes it. */
export const READING_BUCKET_SQL = `date_bin('${READING_BUCKET_SECONDS} seconds'::interval, ts, '2000-01-01 00:00:00+00'::timestamptz)`;

/**
 * Raw points for graphs: one row per NUMERIC, BOOL or ENUM sensor per message. `sensor_key` is `sensors.id`,
 * `ts` the server receive time, `status` a SENSOR_STATUS_CODES code. Daily partitions (telemetry/partitions.ts),
 * kept TELEMETRY_RETENTION_DAYS. No foreign key: a per-row check would halve the write rate, and the rows of a
 * deleted device's sensors are unreachable (every read goes through `sensors`) until retention drops them.
 */
export const sensorReadings = pgTable(
  'sensor_readings',
  {
    sensorKey: integer('sensor_key').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    value: doublePrecision('value'),
    status: smallint('status').notNull(),
    inAlarm: boolean('in_alarm').notNull(),
  },
  (t) => [
    // Time first, so all sensors share the insert point (READING_BUCKET_SQL above).
    index('sensor_readings_bucket_sensor_ts_idx').on(sql.raw(READING_BUCKET_SQL), t.sensorKey, t.ts),
    // BRIN: rows arrive in ts order, so a few pages of index find a minute's rows for the roll-ups.
    index('sensor_readings_ts_brin').using('brin', t.ts),
  ],
);

export type SensorReadingRow = typeof sensorReadings.$inferSelect;
export type NewSensorReadingRow = typeof sensorReadings.$inferInsert;
