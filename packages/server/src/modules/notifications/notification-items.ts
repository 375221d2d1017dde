import {
  type EscalationStep,
  formatDuration,
  NOTIFICATION_COLOR_CLASSES,
  NOTIFICATION_COLORS,
  NOTIFICATION_TYPE_LABELS,
  type NotificationItem,
  type NotificationPushItem,
} from '@vigil/contracts';
import { leafIdOf } from '../sensor-settings/sensor-display-name';
import { formatWallClock } from '../telemetry/zoned-time';
import type { NotificationWithPlace } from './notifications.repo';

/** Where a person looks at the notification's device: its dashboard (the web selects the device). */
export function dashboardPathOf(deviceId: number | null): string {
  return deviceId === null ? '/notifications/all' : `/dashboard?device=${deviceId}`;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The node of a sensor in a nested group (F500: tree Id, network, node, sensor): the group that holds it, when
 * the path has groups inside groups; null otherwise.
 */
export function nodeIdOf(fullSensorId: string | null): string | null {
  if (fullSensorId === null) {
    return null;
  }
  const parts = fullSensorId.split('.');
  return parts.length >= 4 ? (parts.at(-2) ?? null) : null;
}

/**
 * A row of the log as notifications/ answers it (M section 3 and wire-formats.md); `escalations` (issue 27, an
 * added field) when the caller read them.
 */
export function toNotificationItem(
  row: NotificationWithPlace,
  escalations?: readonly EscalationStep[],
): NotificationItem {
  const device =
    row.deviceId === null || row.udfId === null
      ? null
      : {
          id: row.deviceId,
          title: row.deviceTitle ?? '',
          udf_id: row.udfId,
          device_type: row.deviceType,
          is_online: row.isOnline ?? false,
        };
  const duration =
    row.dateCleared === null ? null : formatDuration(row.dateCleared.getTime() - row.dateCreated.getTime());
  return {
    id: row.id,
    pk: row.id,
    forebear: row.forebearId,
    forebear_pk: row.forebearId,
    location: { id: row.locationId, title: row.locationTitle },
    location_pk: row.locationId,
    device,
    device_pk: row.deviceId,
    device_name: row.deviceTitle,
    sensor_id: row.sensorId === null ? null : leafIdOf(row.sensorId),
    full_sensor_id: row.sensorId,
    node_id: nodeIdOf(row.sensorId),
    sensor_name: row.sensorName,
    event_type: row.eventType,
    event_label: NOTIFICATION_TYPE_LABELS[row.eventType],
    content: row.content,
    value: row.value,
    color: NOTIFICATION_COLORS[row.eventType],
    is_active: row.isActive,
    duration,
    date_created: seconds(row.dateCreated),
    date_cleared: row.dateCleared === null ? null : seconds(row.dateCleared),
    notification_time: formatWallClock(row.dateCreated, row.timezone),
    timezone: row.timezone,
    timestamp: seconds(row.dateCreated),
    acknowledged:
      row.acknowledgedAt === null
        ? null
        : {
            at: seconds(row.acknowledgedAt),
            by: row.acknowledgedByName ?? '',
            comment: row.acknowledgeComment ?? '',
          },
    ...(escalations === undefined ? {} : { escalations: [...escalations] }),
    shelved: row.isShelved,
  };
}

/** A row as a socket push carries it (wire-formats.md 'WebSockets': event_type is the display text). */
export function toPushItem(row: NotificationWithPlace): NotificationPushItem {
  return {
    pk: row.id,
    forebear_pk: row.forebearId,
    key: `notification-${row.id}`,
    type: row.eventType,
    color: NOTIFICATION_COLOR_CLASSES[row.eventType],
    content: row.content,
    device: row.deviceTitle,
    device_pk: row.deviceId,
    location: row.locationTitle,
    location_pk: row.locationId,
    event_type: NOTIFICATION_TYPE_LABELS[row.eventType],
    full_sensor_id: row.sensorId,
    node_id: nodeIdOf(row.sensorId),
    sensor_id: row.sensorId === null ? null : leafIdOf(row.sensorId),
    sensor_name: row.sensorName,
    is_active: row.isActive,
    notification_time: formatWallClock(row.dateCreated, row.timezone),
    timezone: row.timezone,
    timestamp: seconds(row.dateCreated),
    url: dashboardPathOf(row.deviceId),
    value: row.value,
    in_maintenance_test: row.isMaintenanceTest === true,
    shelved: row.isShelved,
  };
}
