import type { StateTree } from '@vigil/contracts';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices.table';

/**
 * Full tree snapshots for the Historical list: at most one per device per minute, plus one whenever the
 * tree's top-level Status or Alarm changes. `ts` is the server receive time.
 */
export const stateRecords = pgTable(
  'state_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    tree: jsonb('tree').$type<StateTree>().notNull(),
  },
  (t) => [index('state_records_device_ts_idx').on(t.deviceId, t.ts), index('state_records_ts_idx').on(t.ts)],
);

export type StateRecordRow = typeof stateRecords.$inferSelect;
export type NewStateRecordRow = typeof stateRecords.$inferInsert;
