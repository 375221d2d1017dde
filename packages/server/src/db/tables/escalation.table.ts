import type { EscalationStepState } from '@vigil/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { notifications } from './notifications.table';
import { locations } from './sites.table';
import { users } from './users.table';

/** One level as stored: minutes after the alarm, people of the site by id, other addresses. */
export type StoredEscalationLevel = { afterMinutes: number; userIds: number[]; emails: string[] };

/**
 * A site's escalation policy (issue 27, docs/escalation.md): up to three levels, whether warnings escalate too,
 * and whether it is on. One row per site; the levels are replaced whole on every save.
 */
export const escalationPolicies = pgTable('escalation_policies', {
  locationId: integer('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  includeWarnings: boolean('include_warnings').notNull().default(false),
  levels: jsonb('levels').$type<StoredEscalationLevel[]>().notNull().default([]),
  dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedByName: text('updated_by_name'),
});

export type EscalationPolicyRow = typeof escalationPolicies.$inferSelect;

/**
 * One level of one notification's walk: due at `due_at`, claimed by one instance (FOR UPDATE SKIP LOCKED), then
 * sent (the outbox e-mails in the same transaction; `recipients` the addresses mailed) or stopped with the reason
 * (acknowledged, cleared, the policy changed). Unique per notification and level: a level fires at most once.
 */
export const escalationSteps = pgTable(
  'escalation_steps',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    state: text('state').$type<EscalationStepState>().notNull().default('pending'),
    reason: text('reason'),
    recipients: text('recipients').array().notNull().default(sql`'{}'::text[]`),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    unique('escalation_steps_once').on(t.notificationId, t.level),
    index('escalation_steps_due_idx').on(t.dueAt).where(sql`${t.state} = 'pending'`),
  ],
);

export type EscalationStepRow = typeof escalationSteps.$inferSelect;
export type NewEscalationStepRow = typeof escalationSteps.$inferInsert;
