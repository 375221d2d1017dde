import { boolean, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices.table';

/** Warnings of a device (M section 3 'Warning'): sensor (full dotted id), sign, value and delay. */
export const warnings = pgTable(
  'warnings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Full dotted id: tree Id, group Id(s), sensor Id. */
    sensorId: text('sensor_id').notNull(),
    sign: text('sign').$type<'>' | '<' | '='>().notNull(),
    value: doublePrecision('value').notNull(),
    delaySeconds: integer('delay_seconds').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('warnings_device_idx').on(t.deviceId)],
);

export type WarningRow = typeof warnings.$inferSelect;
export type NewWarningRow = typeof warnings.$inferInsert;

/** Evaluation state of each warning: active, or pending since the condition first held (delay_seconds). */
export const warningStates = pgTable('warning_states', {
  warningId: integer('warning_id')
    .primaryKey()
    .references(() => warnings.id, { onDelete: 'cascade' }),
  active: boolean('active').notNull().default(false),
  pendingSince: timestamp('pending_since', { withTimezone: true }),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WarningStateRow = typeof warningStates.$inferSelect;
