import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { READING_BUCKET_SQL } from '../../modules/telemetry/reading-buckets';

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
    // Time first, so all sensors share the insert point (telemetry/reading-buckets.ts).
    index('sensor_readings_bucket_sensor_ts_idx').on(sql.raw(READING_BUCKET_SQL), t.sensorKey, t.ts),
    // BRIN: rows arrive in ts order, so a few pages of index find a minute's rows for the roll-ups.
    index('sensor_readings_ts_brin').using('brin', t.ts),
  ],
);

export type SensorReadingRow = typeof sensorReadings.$inferSelect;
export type NewSensorReadingRow = typeof sensorReadings.$inferInsert;
