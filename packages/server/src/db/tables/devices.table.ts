import type { DeviceType } from '@vigil/contracts';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { hardwareUnits } from './hardware.table';
import { locations } from './sites.table';

/** Devices installed at sites, each bound to one provisioned hardware unit (A section 3 'Device'). */
export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    hardwareUnitId: integer('hardware_unit_id')
      .notNull()
      .unique()
      .references(() => hardwareUnits.id),
    title: text('title').notNull(),
    serialNumber: text('serial_number').notNull(),
    code: text('code').notNull(),
    deviceType: text('device_type').$type<DeviceType>().notNull(),
    ipAddress: text('ip_address').notNull().default(''),
    udfId: text('udf_id').notNull().unique(),
    isSuspended: boolean('is_suspended').notNull().default(false),
    isEmulatedAs: text('is_emulated_as').$type<DeviceType>(),
    isOnline: boolean('is_online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('devices_location_idx').on(t.locationId)],
);

export type DeviceRow = typeof devices.$inferSelect;
export type NewDeviceRow = typeof devices.$inferInsert;
