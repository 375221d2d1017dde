import type { NotificationType } from '@vigil/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { devices } from './devices.table';
import { locations } from './sites.table';
import { users } from './users.table';

/**
 * The notifications log (M section 3 'Notification', docs/notifications.md): one row per thing that happened at
 * a site, made from device events, maintenance records and administration actions. An 'on' row (alarm_on,
 * warning_on, device_offline) stays active until its 'off' row closes it: the 'off' row points at it
 * (`forebear_id`), the 'on' row gets `date_cleared`. Titles and names are copied when the row is made, so the
 * log still reads after a device is renamed or deleted.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventType: text('event_type').$type<NotificationType>().notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    deviceTitle: text('device_title'),
    /** Full dotted sensor id, for sensor events. */
    sensorId: text('sensor_id'),
    /** The sensor's configured name when the row was made. */
    sensorName: text('sensor_name'),
    content: text('content').notNull(),
    value: text('value'),
    isActive: boolean('is_active').notNull().default(false),
    /** On an 'off' row: the 'on' row it closed. */
    forebearId: bigint('forebear_id', { mode: 'number' }).references((): AnyPgColumn => notifications.id, {
      onDelete: 'set null',
    }),
    /** When it happened (the event's server time). */
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull(),
    /** On an 'on' row: when its 'off' row closed it. */
    dateCleared: timestamp('date_cleared', { withTimezone: true }),
    /** The source row, at most one notification each (a repeated projection changes nothing). */
    deviceEventId: bigint('device_event_id', { mode: 'number' }).unique(),
    maintenanceRecordId: bigint('maintenance_record_id', { mode: 'number' }).unique(),
    /** Set once the row was pushed to sockets and handed to the e-mail rules (exactly once). */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    /** Alarm management (beyond the spec): who acknowledged an active alarm, when, and why. */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedById: integer('acknowledged_by_id').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedByName: text('acknowledged_by_name'),
    acknowledgeComment: text('acknowledge_comment'),
    /**
     * Shelving (issue 27, docs/shelving.md): the sensor's alarm or warning edge happened while the sensor was
     * shelved. Set when the row is made; such a row is logged but sends no e-mail, no escalation, no toast.
     */
    isShelved: boolean('is_shelved').notNull().default(false),
  },
  (t) => [
    index('notifications_location_created_idx').on(t.locationId, t.dateCreated.desc(), t.id.desc()),
    index('notifications_location_type_created_idx').on(
      t.locationId,
      t.eventType,
      t.dateCreated.desc(),
      t.id.desc(),
    ),
    index('notifications_device_created_idx').on(t.deviceId, t.dateCreated.desc()),
    index('notifications_created_idx').on(t.dateCreated.desc(), t.id.desc()),
    index('notifications_active_idx').on(t.locationId, t.dateCreated.desc()).where(sql`${t.isActive}`),
    index('notifications_open_idx').on(t.deviceId, t.sensorId, t.eventType).where(sql`${t.isActive}`),
    index('notifications_undispatched_idx').on(t.id).where(sql`${t.dispatchedAt} is null`),
    // The 'off' rows that point at an 'on' row: deleting old rows (retention) sets their forebear to null, and
    // without this every deleted row read the whole log to find them.
    index('notifications_forebear_idx').on(t.forebearId).where(sql`${t.forebearId} is not null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

/** Each user's read mark: notifications with a larger id are unread (the header badge). */
export const notificationReads = pgTable('notification_reads', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastReadId: bigint('last_read_id', { mode: 'number' }).notNull(),
  readAt: timestamp('read_at', { withTimezone: true }).notNull(),
});
