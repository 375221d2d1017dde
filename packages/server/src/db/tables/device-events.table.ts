import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices.table';

/** What can happen to a device; `sensor_id` is set for the sensor kinds. */
export const DEVICE_EVENT_KINDS = [
  'alarm_on',
  'alarm_off',
  'warning_on',
  'warning_off',
  'device_online',
  'device_offline',
  'power_up',
  'sensor_disappeared',
  'sn2_status_change',
] as const;
export type DeviceEventKind = (typeof DEVICE_EVENT_KINDS)[number];

/**
 * Device events for alarm history and analytics (docs/telemetry.md 'Storage'): `ts` is the server time of the
 * message (or of the sweep, for device_offline), `detail` what the event carries (e.g. the value, a boot reason).
 */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    kind: text('kind').$type<DeviceEventKind>().notNull(),
    sensorId: text('sensor_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** Set when the notifications log took the event in (modules/notifications/notification-projector.ts). */
    projectedAt: timestamp('projected_at', { withTimezone: true }),
  },
  (t) => [
    index('device_events_device_ts_idx').on(t.deviceId, t.ts),
    index('device_events_ts_idx').on(t.ts),
    index('device_events_unprojected_idx').on(t.id).where(sql`${t.projectedAt} is null`),
  ],
);

export type DeviceEventRow = typeof deviceEvents.$inferSelect;
export type NewDeviceEventRow = typeof deviceEvents.$inferInsert;
