import { doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices.table';

/** Per-device display settings that are not per sensor (F500-UDF: degrees and the names of networks 1-4). */
export const deviceSensorProfiles = pgTable('device_sensor_profile', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  /** 'F' or 'C'; null until someone saves the sensor names of an F500-UDF. */
  degrees: text('degrees').$type<'F' | 'C'>(),
  /** Network number ('1'..'4') → custom name. */
  networks: jsonb('networks').$type<Record<string, string>>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DeviceSensorProfileRow = typeof deviceSensorProfiles.$inferSelect;

/** Custom names of sensors and groups, keyed by their full dotted id (docs/sensor-settings.md). */
export const sensorNames = pgTable(
  'sensor_names',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    sensorId: text('sensor_id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.sensorId] })],
);

export type SensorNameRow = typeof sensorNames.$inferSelect;

/** Sensor types of ETH-NODE devices (0005/0006): Digital (BOOL) or Analog (NUMERIC) with unit and value × k + c. */
export const sensorTypes = pgTable(
  'sensor_types',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    sensorId: text('sensor_id').notNull(),
    type: text('type').$type<'BOOL' | 'NUMERIC'>().notNull(),
    /** An id of the fixed ie-node-units list (contracts). */
    unitId: integer('unit_id'),
    k: doublePrecision('k').notNull().default(1),
    c: doublePrecision('c').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.sensorId] })],
);

export type SensorTypeRow = typeof sensorTypes.$inferSelect;

/** The image chosen for a sensor (an id of the sensor-image-types list); no row = 'Default image'. */
export const sensorImages = pgTable(
  'sensor_images',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    sensorId: text('sensor_id').notNull(),
    imageType: text('image_type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.sensorId] })],
);

export type SensorImageRow = typeof sensorImages.$inferSelect;
