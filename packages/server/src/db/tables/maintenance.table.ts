import type { DeviceType, MaintenanceEventType, MaintenanceState } from '@vigil/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices.table';
import { users } from './users.table';

/**
 * The open maintenance test of a device (docs/maintenance.md): at most one per device (primary key), from its
 * start until the person closes it (or cancels it). Every transition is a conditional UPDATE on `state`.
 */
export const maintenanceTests = pgTable(
  'maintenance_tests',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Links the test's records (maintenance_records.test_id). */
    testId: bigint('test_id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** Full dotted id: tree Id, group Id(s), sensor Id. */
    sensorId: text('sensor_id').notNull(),
    /** The sensor's own Id (get-maintenance-info/ is keyed by it). */
    leafSensorId: text('leaf_sensor_id').notNull(),
    sensorName: text('sensor_name').notNull(),
    groupName: text('group_name').notNull(),
    /** The device type decides what 'in alarm' and 'cleared' mean (0005/0006: WARNING and N/A). */
    deviceType: text('device_type').$type<DeviceType>().notNull(),
    state: text('state').$type<MaintenanceState>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    stateAt: timestamp('state_at', { withTimezone: true }).notNull(),
    /** A running test fails at this instant (started_at + MAINTENANCE_TIMEOUT_S); survives restarts. */
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    engineerId: integer('engineer_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('maintenance_tests_state_deadline_idx').on(t.state, t.deadline)],
);

export type MaintenanceTestRow = typeof maintenanceTests.$inferSelect;
export type NewMaintenanceTestRow = typeof maintenanceTests.$inferInsert;

/**
 * Every step of every test (M section 3 'Maintenance record'): the audit trail that notifications (Step 6)
 * and machine details (Step 7) read. The final step's comment is filled in when the person closes the test.
 */
export const maintenanceRecords = pgTable(
  'maintenance_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    testId: bigint('test_id', { mode: 'number' }).notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    sensorId: text('sensor_id').notNull(),
    sensorName: text('sensor_name').notNull(),
    groupName: text('group_name').notNull(),
    eventType: text('event_type').$type<MaintenanceEventType>().notNull(),
    maintenanceTime: timestamp('maintenance_time', { withTimezone: true }).notNull(),
    comment: text('comment').notNull().default('empty area'),
    engineerId: integer('engineer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the notifications log took the record in (modules/notifications/notification-projector.ts). */
    projectedAt: timestamp('projected_at', { withTimezone: true }),
  },
  (t) => [
    index('maintenance_records_unprojected_idx').on(t.id).where(sql`${t.projectedAt} is null`),
    index('maintenance_records_device_time_idx').on(t.deviceId, t.maintenanceTime),
    index('maintenance_records_test_idx').on(t.testId),
  ],
);

export type MaintenanceRecordRow = typeof maintenanceRecords.$inferSelect;
export type NewMaintenanceRecordRow = typeof maintenanceRecords.$inferInsert;
