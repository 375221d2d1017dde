import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { notifications } from './notifications.table';
import { locations } from './sites.table';

/**
 * E-mail grouping (docs/alert-rules.md 'Grouping', as Alertmanager's group_wait / group_interval): one row per
 * recipient and site. While alerts wait, `send_at` says when their one e-mail goes; null when nothing waits.
 * `last_sent_at` spaces the next e-mail by the group interval. Claimed FOR UPDATE SKIP LOCKED, so each group is
 * mailed by one instance; it lives in the database, so a restart loses nothing.
 */
export const alertMailGroups = pgTable(
  'alert_mail_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The address, trimmed and lower-cased (one group per mailbox, whatever the rules' spelling). */
    recipient: text('recipient').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    sendAt: timestamp('send_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('alert_mail_groups_recipient_location_key').on(t.recipient, t.locationId),
    index('alert_mail_groups_due_idx').on(t.sendAt).where(sql`${t.sendAt} is not null`),
  ],
);

export const ALERT_MAIL_REASONS = ['now', 'still-on', 'reminder'] as const;
export type AlertMailReason = (typeof ALERT_MAIL_REASONS)[number];

/** A notification waiting in a group, with why it is mailed (at once, still on after X minutes, n-th reminder). */
export const alertMailGroupItems = pgTable(
  'alert_mail_group_items',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => alertMailGroups.id, { onDelete: 'cascade' }),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<AlertMailReason>().notNull(),
    repeat: integer('repeat').notNull().default(0),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.notificationId] }),
    index('alert_mail_group_items_notification_idx').on(t.notificationId),
  ],
);

export type AlertMailGroupItemRow = typeof alertMailGroupItems.$inferSelect;
