import { integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { devices } from './devices.table';

/**
 * The sensors dictionary: one row per (device, full dotted sensor id) ever reported, created on first sight.
 * Readings and roll-ups refer to `id` (a 4-byte key) instead of repeating the device and the text id on
 * every point, which keeps their rows and index narrow (docs/performance.md).
 */
export const sensors = pgTable(
  'sensors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    sensorId: text('sensor_id').notNull(),
  },
  (t) => [unique('sensors_device_sensor_key').on(t.deviceId, t.sensorId)],
);

export type SensorRow = typeof sensors.$inferSelect;
