import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { devices } from '../modules/devices/devices.table';

/**
 * Raw points for graphs: one row per NUMERIC, BOOL or ENUM sensor per message. `sensor_id` is the full
 * dotted id, `ts` the server receive time, `status` a SENSOR_STATUS_CODES code. Kept TELEMETRY_RETENTION_DAYS.
 */
export const sensorReadings = pgTable(
  'sensor_readings',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    sensorId: text('sensor_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    value: doublePrecision('value'),
    status: smallint('status').notNull(),
    inAlarm: boolean('in_alarm').notNull(),
  },
  (t) => [
    index('sensor_readings_device_sensor_ts_idx').on(t.deviceId, t.sensorId, t.ts),
    index('sensor_readings_ts_idx').on(t.ts),
  ],
);

export type NewSensorReadingRow = typeof sensorReadings.$inferInsert;
