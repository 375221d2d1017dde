import type { UnshelveHow } from '@vigil/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { devices } from './devices.table';
import { locations } from './sites.table';
import { users } from './users.table';

/**
 * Shelves (issue 27, docs/shelving.md): an editor of the site shelves one sensor's alarms until a time (at most
 * 24 h) with a reason. While a shelf is active (`unshelved_at` null), the sensor's alarms and warnings are
 * recorded marked shelved and alert nobody. It ends once: by hand, expired (the shelving timer, claimed with
 * FOR UPDATE SKIP LOCKED), or replaced by a newer shelf of the same sensor. One active shelf per sensor.
 */
export const sensorShelves = pgTable(
  'sensor_shelves',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The full dotted sensor id (as notifications and sensor names key a sensor). */
    sensorId: text('sensor_id').notNull(),
    /** The sensor's display name and the device's title when shelved (the notices read them). */
    sensorName: text('sensor_name').notNull(),
    deviceTitle: text('device_title').notNull(),
    reason: text('reason').notNull(),
    shelvedAt: timestamp('shelved_at', { withTimezone: true }).notNull(),
    shelvedById: integer('shelved_by_id').references(() => users.id, { onDelete: 'set null' }),
    shelvedByName: text('shelved_by_name').notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    unshelvedAt: timestamp('unshelved_at', { withTimezone: true }),
    unshelvedById: integer('unshelved_by_id').references(() => users.id, { onDelete: 'set null' }),
    unshelvedByName: text('unshelved_by_name'),
    unshelveHow: text('unshelve_how').$type<UnshelveHow>(),
  },
  (t) => [
    uniqueIndex('sensor_shelves_active_once').on(t.deviceId, t.sensorId).where(sql`${t.unshelvedAt} is null`),
    index('sensor_shelves_site_active_idx').on(t.locationId).where(sql`${t.unshelvedAt} is null`),
    index('sensor_shelves_until_idx').on(t.until).where(sql`${t.unshelvedAt} is null`),
  ],
);

export type SensorShelfRow = typeof sensorShelves.$inferSelect;
export type NewSensorShelfRow = typeof sensorShelves.$inferInsert;
