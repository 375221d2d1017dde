import type { AlertContactWhen, AlertEventType } from '@vigil/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { devices } from './devices.table';
import { notifications } from './notifications.table';
import { users } from './users.table';

/**
 * A person's e-mail alert rule (A section 3 'E-mail notification rule', docs/alert-rules.md): which events, on
 * which devices (all the person may see, or a list), when to send (at once, if still on after X minutes, every
 * X hours while on) and at most how many e-mails an hour per sensor (Smart Notify, 0 = no cap).
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveryMethod: text('delivery_method').notNull().default('Email'),
    sendToAlternative: boolean('send_to_alternative').notNull().default(false),
    alternativeContact: text('alternative_contact'),
    eventType: text('event_type').$type<AlertEventType>().notNull(),
    contactWhen: smallint('contact_when').$type<AlertContactWhen>().notNull().default(0),
    periodical: boolean('periodical').notNull().default(false),
    x: integer('x').notNull().default(1),
    allDevices: boolean('all_devices').notNull().default(false),
    numberPerHour: integer('number_per_hour').notNull().default(0),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_rules_user_idx').on(t.userId), index('alert_rules_event_idx').on(t.eventType)],
);

export type AlertRuleRow = typeof alertRules.$inferSelect;
export type NewAlertRuleRow = typeof alertRules.$inferInsert;

/** The devices a rule names when it is not for all devices. */
export const alertRuleDevices = pgTable(
  'alert_rule_devices',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.ruleId, t.deviceId] }),
    index('alert_rule_devices_device_idx').on(t.deviceId),
  ],
);

export const ALERT_DELIVERY_STATES = ['pending', 'sent', 'skipped'] as const;
export type AlertDeliveryState = (typeof ALERT_DELIVERY_STATES)[number];

/**
 * One e-mail a rule owes for one notification (its `repeat`-th for 'every X hours'): due at `due_at`, claimed by
 * one instance (FOR UPDATE SKIP LOCKED), then sent (an outbox message in the same transaction) or skipped with
 * the reason (cleared before the wait ended, Smart Notify cap, rule or access gone). Survives restarts.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    repeat: integer('repeat').notNull().default(0),
    /** Smart Notify counts the e-mails of a rule per sensor (device and full sensor id). */
    deviceId: integer('device_id'),
    sensorId: text('sensor_id'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    state: text('state').$type<AlertDeliveryState>().notNull().default('pending'),
    reason: text('reason'),
    mailId: integer('mail_id'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    unique('alert_deliveries_once').on(t.ruleId, t.notificationId, t.repeat),
    index('alert_deliveries_due_idx').on(t.dueAt).where(sql`${t.state} = 'pending'`),
    index('alert_deliveries_sent_idx')
      .on(t.ruleId, t.deviceId, t.sensorId, t.settledAt)
      .where(sql`${t.state} = 'sent'`),
    index('alert_deliveries_notification_idx').on(t.notificationId),
  ],
);

export type AlertDeliveryRow = typeof alertDeliveries.$inferSelect;
export type NewAlertDeliveryRow = typeof alertDeliveries.$inferInsert;
