import { bigint, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices.table';

/**
 * The sensor states each device's next alarm and warning edges are derived from (docs/telemetry.md 'Events'):
 * the packed state of every sensor of the device's last stored tree, by full sensor id. Every instance compares
 * a tree with this row inside the batch transaction that stores it, after the batch has locked the device's
 * `devices` row, so an edge is recorded once whichever instance receives the tree. `version` grows with every
 * change; an instance whose memory holds the same version skips reading `codes`.
 */
export const deviceEdgeStates = pgTable('device_edge_states', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
  /** Packed sensor state (telemetry/device-events.ts) by full sensor id. */
  codes: jsonb('codes').$type<Record<string, number>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export type DeviceEdgeStateRow = typeof deviceEdgeStates.$inferSelect;
