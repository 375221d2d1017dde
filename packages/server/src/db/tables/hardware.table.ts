import type { DeviceType } from '@vigil/contracts';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Hardware units provisioned by the manufacturer. The code is kept as given (not hashed): devices
 * authenticate with serial and code on every MQTT connection, where argon2 is too slow; it is only
 * ever answered to staff.
 */
export const hardwareUnits = pgTable('hardware_units', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  serialNumber: text('serial_number').notNull().unique(),
  code: text('code').notNull(),
  deviceType: text('device_type').$type<DeviceType>().notNull(),
  udfId: text('udf_id').notNull().unique(),
  dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
});

export type HardwareUnitRow = typeof hardwareUnits.$inferSelect;
export type NewHardwareUnitRow = typeof hardwareUnits.$inferInsert;
