import {
  MAINTENANCE_EVENTS,
  type MaintenanceEventType,
  NOTIFICATION_CLOSED_BY,
  NOTIFICATION_TYPE_LABELS,
  type NotificationType,
  type OpeningNotificationType,
} from '@vigil/contracts';
import type { DeviceEventKind } from '../../telemetry/device-events.table';

/**
 * What a notification says (docs/notifications.md 'Contents'), pure: from a device event or a maintenance record
 * and what is known of its device, the row the log stores. Names are the configured sensor names when a site
 * set them, else the name the device reported.
 */

export type DeviceOfSource = { id: number; title: string; locationId: number };

export type DeviceEventSource = {
  id: number;
  kind: DeviceEventKind;
  ts: Date;
  sensorId: string | null;
  detail: Record<string, unknown> | null;
};

export type MaintenanceRecordSource = {
  id: number;
  eventType: MaintenanceEventType;
  maintenanceTime: Date;
  sensorId: string;
  sensorName: string;
  groupName: string;
  comment: string;
  engineerName: string | null;
};

export type NotificationDraft = {
  eventType: NotificationType;
  locationId: number;
  deviceId: number;
  deviceTitle: string;
  sensorId: string | null;
  sensorName: string | null;
  content: string;
  value: string | null;
  isActive: boolean;
  dateCreated: Date;
  /** The 'on' type this notification closes, for an 'off'. */
  closes: OpeningNotificationType | null;
  deviceEventId?: number;
  maintenanceRecordId?: number;
};

const OPENED_BY = Object.fromEntries(
  Object.entries(NOTIFICATION_CLOSED_BY).map(([on, off]) => [off, on]),
) as Partial<Record<NotificationType, OpeningNotificationType>>;

/** The 'on' type a notification of this type closes (alarm_off closes alarm_on), or null. */
export function openingTypeClosedBy(type: NotificationType): OpeningNotificationType | null {
  return OPENED_BY[type] ?? null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The reading as a person reads it: '212 °F', a state text ('Contact Sensor Open / OFF'), or the bare value. */
export function readingText(detail: Record<string, unknown> | null): string | null {
  if (detail === null) {
    return null;
  }
  const value = detail.value;
  const units = text(detail.units);
  const state = text(detail.state);
  const shown = typeof value === 'number' || typeof value === 'boolean' ? String(value) : text(value);
  if (shown !== null && units !== null) {
    return `${shown} ${units}`;
  }
  return state ?? shown;
}

/** The last part of a dotted sensor id (the sensor's own Id). */
export function leafIdOf(fullSensorId: string): string {
  return fullSensorId.slice(fullSensorId.lastIndexOf('.') + 1);
}

function sensorNameOf(event: DeviceEventSource, configuredName: string | undefined): string | null {
  if (event.sensorId === null) {
    return null;
  }
  return configuredName ?? text(event.detail?.name) ?? leafIdOf(event.sensorId);
}

function contentOf(
  event: DeviceEventSource,
  device: DeviceOfSource,
  sensor: string | null,
  value: string | null,
) {
  const label = NOTIFICATION_TYPE_LABELS[event.kind];
  const on = sensor === null ? '' : ` on ${sensor}`;
  const reading = value === null ? '' : `: ${value}`;
  switch (event.kind) {
    case 'device_online':
      return `Device ${device.title} is online`;
    case 'device_offline':
      return `Device ${device.title} is offline`;
    case 'power_up': {
      const reason = text(event.detail?.reason);
      return `Device ${device.title} powered up${reason === null ? '' : ` (${reason})`}`;
    }
    case 'sensor_disappeared':
      return `Sensor ${sensor ?? ''} is no longer reported by ${device.title}`;
    case 'sn2_status_change':
      return `SN2 status of ${device.title} changed to ${value ?? 'an unknown state'}`;
    default:
      return `${label}${on}${reading}`;
  }
}

/** The notification of a device event. */
export function draftOfDeviceEvent(
  event: DeviceEventSource,
  device: DeviceOfSource,
  configuredName: string | undefined,
): NotificationDraft {
  const sensorName = sensorNameOf(event, configuredName);
  const value = event.kind === 'sensor_disappeared' ? null : readingText(event.detail);
  return {
    eventType: event.kind,
    locationId: device.locationId,
    deviceId: device.id,
    deviceTitle: device.title,
    sensorId: event.sensorId,
    sensorName,
    content: contentOf(event, device, sensorName, value),
    value,
    isActive: event.kind in NOTIFICATION_CLOSED_BY,
    dateCreated: event.ts,
    closes: openingTypeClosedBy(event.kind),
    deviceEventId: event.id,
  };
}

const MAINTENANCE_TEXTS: Record<MaintenanceEventType, string> = {
  [MAINTENANCE_EVENTS.expectAlarmOn]: 'Maintenance test started',
  [MAINTENANCE_EVENTS.expectAlarmOff]: 'Maintenance test: alarm detected',
  [MAINTENANCE_EVENTS.succeeded]: 'Maintenance test succeeded',
  [MAINTENANCE_EVENTS.failed]: 'Maintenance test failed',
  [MAINTENANCE_EVENTS.canceled]: 'Maintenance test canceled',
};

/** The comment a record keeps when the person gave none (M section 3). */
const NO_COMMENT = 'empty area';

/** The notification of a maintenance step (type 'maintenance'; the step's name is the content). */
export function draftOfMaintenanceRecord(
  record: MaintenanceRecordSource,
  device: DeviceOfSource,
  configuredName: string | undefined,
): NotificationDraft {
  const sensorName = configuredName ?? record.sensorName;
  const by = record.engineerName === null ? '' : ` by ${record.engineerName}`;
  const comment = record.comment.trim() === '' || record.comment === NO_COMMENT ? '' : ` — ${record.comment}`;
  return {
    eventType: 'maintenance',
    locationId: device.locationId,
    deviceId: device.id,
    deviceTitle: device.title,
    sensorId: record.sensorId,
    sensorName,
    content: `${MAINTENANCE_TEXTS[record.eventType]} on ${sensorName} (${record.groupName})${by}${comment}`,
    value: record.eventType,
    isActive: false,
    dateCreated: record.maintenanceTime,
    closes: null,
    maintenanceRecordId: record.id,
  };
}
