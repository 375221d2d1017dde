import { MACHINE_EVENT_LIMIT, type NotificationType } from '@vigil/contracts';
import { and, desc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import { recordedWhileOwnedSql } from '../../access/access.repo';
import type { Database } from '../../db/database';
import { type NotificationRow, notifications } from '../../db/tables/notifications.table';

/**
 * The notifications of some sensors at one site (the visual dashboard's machines and schemas: docs/visual-dashboard.md
 * 'Machine activity'): only rows recorded there while the device belonged to the site's client, as the
 * notifications list shows them.
 */

/** A sensor of a device. */
export type DeviceSensorRef = { deviceId: number; sensorId: string };

/** Rows of these sensors at the site, recorded while the device was the site's client's. */
function ofSensorsAt(locationId: number, sensors: readonly DeviceSensorRef[]): SQL | undefined {
  return and(
    eq(notifications.locationId, locationId),
    or(
      ...sensors.map((sensor) =>
        and(eq(notifications.deviceId, sensor.deviceId), eq(notifications.sensorId, sensor.sensorId)),
      ),
    ),
    recordedWhileOwnedSql(notifications.deviceId, notifications.dateCreated, notifications.locationId),
  );
}

const newestFirst = [
  sql`${notifications.dateCreated} desc nulls last`,
  sql`${notifications.id} desc nulls last`,
];

/**
 * The newest alarm notification (alarm_on or alarm_off) of each of some sensors at a site (a visual-dashboard
 * machine's last time in alarm). Sensors never in alarm there have no row.
 */
export async function findNewestAlarmsOfSensors(
  db: Database,
  locationId: number,
  sensors: readonly DeviceSensorRef[],
): Promise<Array<{ sensorId: string; eventType: NotificationType; dateCreated: Date }>> {
  if (sensors.length === 0) {
    return [];
  }
  const rows = await db
    .selectDistinctOn([notifications.sensorId], {
      sensorId: notifications.sensorId,
      eventType: notifications.eventType,
      dateCreated: notifications.dateCreated,
    })
    .from(notifications)
    .where(and(ofSensorsAt(locationId, sensors), inArray(notifications.eventType, ['alarm_on', 'alarm_off'])))
    .orderBy(notifications.sensorId, desc(notifications.dateCreated), desc(notifications.id));
  return rows.flatMap((row) => (row.sensorId === null ? [] : [{ ...row, sensorId: row.sensorId }]));
}

/** The sensors' rows at the site that also meet `condition`, newest first, at most MACHINE_EVENT_LIMIT. */
async function findNewestOfSensors(
  db: Database,
  locationId: number,
  sensors: readonly DeviceSensorRef[],
  condition: SQL | undefined,
): Promise<NotificationRow[]> {
  if (sensors.length === 0) {
    return [];
  }
  return db
    .select()
    .from(notifications)
    .where(and(ofSensorsAt(locationId, sensors), condition))
    .orderBy(...newestFirst)
    .limit(MACHINE_EVENT_LIMIT);
}

/**
 * The sensors' alarms and warnings still on (Active Alarms): alarm_on and warning_on rows not yet closed by their
 * alarm_off / warning_off (`is_active`, set false by the projector when the 'off' arrives), newest first, at
 * most MACHINE_EVENT_LIMIT.
 */
export function findActiveAlarmsOfSensors(
  db: Database,
  locationId: number,
  sensors: readonly DeviceSensorRef[],
): Promise<NotificationRow[]> {
  const open = and(
    inArray(notifications.eventType, ['alarm_on', 'warning_on']),
    eq(notifications.isActive, true),
  );
  return findNewestOfSensors(db, locationId, sensors, open);
}

/** The sensors' maintenance notifications made at or after `since`, newest first, at most MACHINE_EVENT_LIMIT. */
export function findMaintenanceOfSensors(
  db: Database,
  locationId: number,
  sensors: readonly DeviceSensorRef[],
  since: Date,
): Promise<NotificationRow[]> {
  const recent = and(eq(notifications.eventType, 'maintenance'), gte(notifications.dateCreated, since));
  return findNewestOfSensors(db, locationId, sensors, recent);
}
