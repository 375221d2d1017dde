import {
  type Acknowledgement,
  type EscalationStep,
  isOpeningType,
  maintenanceStepLabel,
  NOTIFICATION_COLORS,
  NOTIFICATION_TYPE_LABELS,
  type NotificationItem,
  type NotificationPushItem,
  type NotificationType,
} from '@vigil/contracts';
import { formatSiteTime } from '../../time/site-time';
import type { NotificationTab } from './notification-filters';

/** One row of the table, from the list (NotificationItem) or from a socket push (NotificationPushItem). */
export type NotificationRow = {
  id: number;
  forebearId: number | null;
  /** When it happened, in its own site's zone, labelled: the list spans sites (docs/decisions.md, issue 23). */
  time: string;
  /** Unix seconds. */
  timestamp: number;
  /** The row's site's IANA zone. */
  timeZone: string;
  site: string;
  siteId: number;
  device: string | null;
  deviceId: number | null;
  sensorName: string | null;
  type: NotificationType;
  label: string;
  color: string;
  content: string;
  value: string | null;
  isActive: boolean;
  duration: string | null;
  acknowledged: Acknowledgement | null;
  /** Issue 27: the escalation levels sent, e.g. 'Escalated: level 1 (2), level 2 (1)'; null when none. */
  escalated: string | null;
  /** Issue 27: the sensor was shelved when it happened (no e-mail, escalation, toast or sound). */
  isShelved: boolean;
};

export function rowFromItem(item: NotificationItem): NotificationRow {
  return {
    id: item.id,
    forebearId: item.forebear_pk,
    time: formatSiteTime(item.timestamp * 1000, item.timezone),
    timestamp: item.timestamp,
    timeZone: item.timezone,
    site: item.location.title,
    siteId: item.location_pk,
    device: item.device?.title ?? item.device_name,
    deviceId: item.device_pk,
    sensorName: item.sensor_name,
    type: item.event_type,
    label: item.event_label,
    color: item.color,
    content: item.content,
    value: maintenanceStepLabel(item.value),
    isActive: item.is_active,
    duration: item.duration,
    acknowledged: item.acknowledged,
    escalated: escalationText(item.escalations ?? []),
    isShelved: item.shelved === true,
  };
}

/** A pushed notification is new: not acknowledged, and not closed yet (no duration). */
export function rowFromPush(item: NotificationPushItem): NotificationRow {
  return {
    id: item.pk,
    forebearId: item.forebear_pk,
    time: formatSiteTime(item.timestamp * 1000, item.timezone),
    timestamp: item.timestamp,
    timeZone: item.timezone,
    site: item.location,
    siteId: item.location_pk,
    device: item.device,
    deviceId: item.device_pk,
    sensorName: item.sensor_name,
    type: item.type,
    label: NOTIFICATION_TYPE_LABELS[item.type],
    color: NOTIFICATION_COLORS[item.type],
    content: item.content,
    value: maintenanceStepLabel(item.value),
    isActive: item.is_active,
    duration: null,
    acknowledged: null,
    escalated: null,
    isShelved: item.shelved === true,
  };
}

/**
 * M section 2 'In alarm': On or Off in the Active tab; in Historical the duration 'N day(s), h:m:s' once
 * closed, 'On' while still active, '—' for an instant (a type nothing closes, e.g. Alarm Cleared).
 */
export function inAlarmText(
  row: Pick<NotificationRow, 'isActive' | 'duration' | 'type'>,
  tab: NotificationTab,
): string {
  if (tab === 'active') {
    return row.isActive ? 'On' : 'Off';
  }
  if (row.isActive) {
    return 'On';
  }
  if (row.duration !== null) {
    return row.duration;
  }
  return isOpeningType(row.type) ? 'Off' : '—';
}

/** Beyond the spec: an active alarm or warning not yet acknowledged offers Acknowledge. */
export function canAcknowledge(row: Pick<NotificationRow, 'isActive' | 'type' | 'acknowledged'>): boolean {
  return row.isActive && (row.type === 'alarm_on' || row.type === 'warning_on') && row.acknowledged === null;
}

/**
 * Issue 27: the escalation levels mailed for the row, each with its number of recipients ('Escalated: level 1
 * (2), level 2 (1)'), or null when none was (levels stopped by the acknowledgement or the clearing are not named).
 */
export function escalationText(
  steps: readonly Pick<EscalationStep, 'level' | 'state' | 'recipients'>[],
): string | null {
  const sent = steps.filter((step) => step.state === 'sent');
  if (sent.length === 0) {
    return null;
  }
  return `Escalated: ${sent.map((step) => `level ${step.level} (${step.recipients.length})`).join(', ')}`;
}
