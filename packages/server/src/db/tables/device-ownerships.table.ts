import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './clients.table';
import { devices } from './devices.table';

/**
 * Which client a device belonged to and when (issue 23; docs/permissions.md 'Device history'): one open period
 * (`until` null) per device, closed and followed by a new one when the device moves to a site of another client.
 * A client's people see only what the device recorded during its current period.
 */
export const deviceOwnerships = pgTable(
  'device_ownerships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }),
  },
  (t) => [
    index('device_ownerships_device_idx').on(t.deviceId, t.since),
    uniqueIndex('device_ownerships_open_idx').on(t.deviceId).where(sql`${t.until} is null`),
  ],
);

export type DeviceOwnershipRow = typeof deviceOwnerships.$inferSelect;
