import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices.table';
import { users } from './users.table';

/**
 * The F500 side panel's selection (docs/graphs.md 'F500 panel'), kept per user and device: one row per chosen
 * node and sensor; `sensor` '' chooses the whole node. Rows go with their user or device.
 */
export const graphArrangements = pgTable(
  'graph_arrangements',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The node's number as f500-nodes/ answers it. */
    node: integer('node').notNull(),
    /** The sensor's Id within the node, as text; '' for the whole node. */
    sensor: text('sensor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceId, t.node, t.sensor] }),
    // Deleting a device finds its rows without a scan (the primary key starts with the user).
    index('graph_arrangements_device_idx').on(t.deviceId),
  ],
);

export type GraphArrangementRow = typeof graphArrangements.$inferSelect;
