import type { MaintenanceEventType } from '@vigil/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database } from '../../db/database';
import { deviceEvents } from '../../db/tables/device-events.table';
import { devices } from '../../db/tables/devices.table';
import { maintenanceRecords } from '../../db/tables/maintenance.table';
import { notifications } from '../../db/tables/notifications.table';
import { users } from '../../db/tables/users.table';
import type {
  DeviceEventSource,
  DeviceOfSource,
  MaintenanceRecordSource,
  NotificationDraft,
} from './notification-drafts';

/** One instance projects at a time; the others skip their turn (the work is the same rows). */
export async function tryLockNotificationProjector(tx: Database): Promise<boolean> {
  const result = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.notificationProjector}) as locked`,
  )) as unknown as { rows: Array<{ locked: boolean }> };
  return result.rows[0]?.locked === true;
}

const deviceColumns = {
  id: devices.id,
  title: devices.title,
  locationId: devices.locationId,
  deviceType: devices.deviceType,
};

/** Device events not in the log yet, oldest first (per device, id order is commit order: docs/notifications.md). */
export async function findUnprojectedEvents(
  tx: Database,
  limit: number,
): Promise<Array<{ event: DeviceEventSource; device: DeviceOfSource }>> {
  const rows = await tx
    .select({
      id: deviceEvents.id,
      kind: deviceEvents.kind,
      ts: deviceEvents.ts,
      sensorId: deviceEvents.sensorId,
      detail: deviceEvents.detail,
      device: deviceColumns,
    })
    .from(deviceEvents)
    .innerJoin(devices, eq(devices.id, deviceEvents.deviceId))
    .where(isNull(deviceEvents.projectedAt))
    .orderBy(asc(deviceEvents.id))
    .limit(limit);
  return rows.map(({ device, ...event }) => ({ event: { ...event, detail: event.detail ?? null }, device }));
}

export async function markEventsProjected(tx: Database, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length > 0) {
    await tx
      .update(deviceEvents)
      .set({ projectedAt: at })
      .where(inArray(deviceEvents.id, [...ids]));
  }
}

/** Maintenance records not in the log yet, oldest first, with the engineer's name. */
export async function findUnprojectedMaintenance(
  tx: Database,
  limit: number,
): Promise<Array<{ record: MaintenanceRecordSource; device: DeviceOfSource }>> {
  const rows = await tx
    .select({
      id: maintenanceRecords.id,
      eventType: maintenanceRecords.eventType,
      maintenanceTime: maintenanceRecords.maintenanceTime,
      sensorId: maintenanceRecords.sensorId,
      sensorName: maintenanceRecords.sensorName,
      groupName: maintenanceRecords.groupName,
      comment: maintenanceRecords.comment,
      firstName: users.firstName,
      lastName: users.lastName,
      device: deviceColumns,
    })
    .from(maintenanceRecords)
    .innerJoin(devices, eq(devices.id, maintenanceRecords.deviceId))
    .leftJoin(users, eq(users.id, maintenanceRecords.engineerId))
    .where(isNull(maintenanceRecords.projectedAt))
    .orderBy(asc(maintenanceRecords.id))
    .limit(limit);
  return rows.map(({ device, firstName, lastName, ...record }) => {
    const name = [firstName, lastName].filter((part) => part).join(' ');
    return {
      record: { ...record, eventType: record.eventType as MaintenanceEventType, engineerName: name || null },
      device,
    };
  });
}

export async function markMaintenanceProjected(
  tx: Database,
  ids: readonly number[],
  at: Date,
): Promise<void> {
  if (ids.length > 0) {
    await tx
      .update(maintenanceRecords)
      .set({ projectedAt: at })
      .where(inArray(maintenanceRecords.id, [...ids]));
  }
}

/**
 * Stores a notification; an 'off' first closes the newest open 'on' of the same device, sensor and type (its
 * `date_cleared` is the off's time) and points at it. A source already in the log changes nothing.
 */
export async function insertNotification(tx: Database, draft: NotificationDraft): Promise<void> {
  let forebearId: number | null = null;
  if (draft.closes !== null) {
    const [open] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.isActive, true),
          eq(notifications.deviceId, draft.deviceId),
          eq(notifications.eventType, draft.closes),
          draft.sensorId === null
            ? isNull(notifications.sensorId)
            : eq(notifications.sensorId, draft.sensorId),
        ),
      )
      .orderBy(sql`${notifications.id} desc`)
      .limit(1);
    if (open !== undefined) {
      forebearId = open.id;
      await tx
        .update(notifications)
        .set({ isActive: false, dateCleared: draft.dateCreated })
        .where(eq(notifications.id, open.id));
    }
  }
  const { closes: _closes, ...row } = draft;
  await tx
    .insert(notifications)
    .values({ ...row, forebearId })
    .onConflictDoNothing();
}
