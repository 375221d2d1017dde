import {
  MAINTENANCE_EVENTS,
  type MaintenanceEventType,
  NOTIFICATION_CLOSED_BY,
  NOTIFICATION_TYPE_LABELS,
  type NotificationType,
  type OpeningNotificationType,
} from '@vigil/contracts';
import type { DeviceEventKind } from '../../db/tables/device-events.table';
import { isNodeSensorId } from '../sensor-settings/sensor-display-name';

/**
 * What a notification says (docs/notifications.md 'Contents'), pure: from a device event or a maintenance record
 * and what is known of its device, the row the log stores. Sensors are named by their display name (the
 * configured name, else the reported one, with the F500 node: sensor-display-name.ts), which the caller gives.
 */

export type DeviceOfSource = { id: number; title: string; locationId: number; deviceType: string };

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
  /** The sensor was shelved when it happened (shelved-marks.ts). */
  isShelved?: boolean;
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

/** The number as a person reads it, with the sensor's unit when it has one: '212 °F'. */
function withUnits(value: number, units: unknown): string {
  const unit = text(units);
  return unit === null ? String(value) : `${value} ${unit}`;
}

/**
 * A person's warning (docs/warnings.md) tells its edges from the device's own WARNING edges by `warning_id`; its
 * `value` is the threshold and `reading` the value that crossed it.
 */
function isPersonWarning(event: DeviceEventSource): boolean {
  return (
    (event.kind === 'warning_on' || event.kind === 'warning_off') &&
    typeof event.detail?.warning_id === 'number'
  );
}

/** The reading that crossed a person's warning, with its unit; null when the warning was removed. */
function warningReadingText(detail: Record<string, unknown> | null): string | null {
  return typeof detail?.reading === 'number' ? withUnits(detail.reading, detail.units) : null;
}

/** The warning's condition: '> 70 °F'. */
function warningConditionText(detail: Record<string, unknown> | null): string | null {
  const sign = text(detail?.sign);
  return sign === null || typeof detail?.value !== 'number'
    ? null
    : `${sign} ${withUnits(detail.value, detail.units)}`;
}

/** 'Warning Detected on Bearing Temperature · Node 3: 212 °F (warning > 200 °F)'. */
function personWarningContent(event: DeviceEventSource, sensor: string | null, value: string | null): string {
  const label = NOTIFICATION_TYPE_LABELS[event.kind];
  const on = sensor === null ? '' : ` on ${sensor}`;
  if (event.detail?.removed === true) {
    return `${label}${on} (warning removed)`;
  }
  const condition = warningConditionText(event.detail);
  return `${label}${on}${value === null ? '' : `: ${value}`}${condition === null ? '' : ` (warning ${condition})`}`;
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
  if (isPersonWarning(event)) {
    return personWarningContent(event, sensor, value);
  }
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

/** The value a notification shows: a person's warning shows the reading that crossed, others readingText. */
function shownValueOf(event: DeviceEventSource): string | null {
  if (event.kind === 'sensor_disappeared') {
    return null;
  }
  return isPersonWarning(event) ? warningReadingText(event.detail) : readingText(event.detail);
}

/**
 * The notification of a device event. `sensorName`: the sensor's display name (sensor-display-name.ts), null
 * for events without a sensor.
 */
export function draftOfDeviceEvent(
  event: DeviceEventSource,
  device: DeviceOfSource,
  sensorName: string | null,
): NotificationDraft {
  const value = shownValueOf(event);
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

/**
 * The notification of a maintenance step (type 'maintenance'; the step's name is the content). `sensorName`: the
 * display name, which names the node of an F500 sensor; other sensors are followed by their group's name.
 */
export function draftOfMaintenanceRecord(
  record: MaintenanceRecordSource,
  device: DeviceOfSource,
  sensorName: string,
): NotificationDraft {
  const group = isNodeSensorId(record.sensorId) ? '' : ` (${record.groupName})`;
  const by = record.engineerName === null ? '' : ` by ${record.engineerName}`;
  const comment = record.comment.trim() === '' || record.comment === NO_COMMENT ? '' : ` — ${record.comment}`;
  return {
    eventType: 'maintenance',
    locationId: device.locationId,
    deviceId: device.id,
    deviceTitle: device.title,
    sensorId: record.sensorId,
    sensorName,
    content: `${MAINTENANCE_TEXTS[record.eventType]} on ${sensorName}${group}${by}${comment}`,
    value: record.eventType,
    isActive: false,
    dateCreated: record.maintenanceTime,
    closes: null,
    maintenanceRecordId: record.id,
  };
}
