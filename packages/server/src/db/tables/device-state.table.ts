import type { StateTree } from '@vigil/contracts';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices.table';

/** The latest state tree of each device (docs/telemetry.md 'Storage'): upserted with every ingest batch. */
export const deviceState = pgTable('device_state', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  tree: jsonb('tree').$type<StateTree>().notNull(),
  /** Server receive time of the tree. */
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  /** The device's own clock (`time` of the tree) as sent: epoch seconds or ISO-8601 text. */
  deviceTime: text('device_time'),
});

export type DeviceStateRow = typeof deviceState.$inferSelect;
