import { z } from 'zod';
import { paginatedSchema } from './common';
import { EscalationStepSchema } from './escalation';

/**
 * The notifications log (monitoring spec sections 2 'Notifications', 3 'Notification', 4, 5, 7 and 9;
 * wire-formats.md 'Notifications'; docs/notifications.md).
 */

/** M section 3, 'notification types'. */
export const NOTIFICATION_TYPES = [
  'alarm_on',
  'alarm_off',
  'warning_on',
  'warning_off',
  'device_online',
  'device_offline',
  'power_up',
  'maintenance',
  'sn2_status_change',
  'sensor_disappeared',
  'test',
  'device_administration',
  'site_administration',
] as const;
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

/** The 'on' types a later 'off' closes, and that 'off'. Other types are single instants, never active. */
export const NOTIFICATION_CLOSED_BY = {
  alarm_on: 'alarm_off',
  warning_on: 'warning_off',
  device_offline: 'device_online',
} as const satisfies Partial<Record<NotificationType, NotificationType>>;
export type OpeningNotificationType = keyof typeof NOTIFICATION_CLOSED_BY;

export function isOpeningType(type: NotificationType): type is OpeningNotificationType {
  return type in NOTIFICATION_CLOSED_BY;
}

/**
 * Display names (M section 3 'Displayed event names'; wire-formats.md 'Labels beyond the spec'); the Type
 * filter and the table show these.
 */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  alarm_on: 'Alarm Detected',
  alarm_off: 'Alarm Cleared',
  warning_on: 'Warning Detected',
  warning_off: 'Warning Cleared',
  device_online: 'Device online',
  device_offline: 'Device offline',
  power_up: 'Device Power Up',
  maintenance: 'Maintenance',
  sn2_status_change: 'SN2 Status Change',
  sensor_disappeared: 'Sensor Disappeared',
  test: 'Test Email',
  device_administration: 'Device administration',
  site_administration: 'Site administration',
};

/** Row colours of each type (wire-formats.md 'Type colours'). */
export const NOTIFICATION_COLORS: Record<NotificationType, string> = {
  alarm_on: '#F14D49',
  warning_on: '#F47E21',
  alarm_off: '#FFB983',
  device_online: '#00E1B9',
  device_administration: '#2F80ED',
  device_offline: '#2F80ED',
  maintenance: '#2F80ED',
  sensor_disappeared: '#2F80ED',
  warning_off: '#27AE60',
  power_up: '#27AE60',
  sn2_status_change: '#27AE60',
  test: '#27AE60',
  site_administration: '#27AE60',
};

/** The class name a socket push carries as `color` (wire-formats.md: red, amber, green, blue). */
export const NOTIFICATION_COLOR_CLASSES: Record<NotificationType, 'red' | 'amber' | 'green' | 'blue'> = {
  alarm_on: 'red',
  warning_on: 'amber',
  alarm_off: 'amber',
  device_online: 'green',
  device_administration: 'blue',
  device_offline: 'blue',
  maintenance: 'blue',
  sensor_disappeared: 'blue',
  warning_off: 'green',
  power_up: 'green',
  sn2_status_change: 'green',
  test: 'green',
  site_administration: 'green',
};

/** Types whose arrival plays the alarm sound in the browser (M section 2: warning or alarm events). */
export const SOUNDING_TYPES: ReadonlySet<NotificationType> = new Set(['alarm_on', 'warning_on']);

/** M section 9. */
export const NOTIFICATIONS_TABLE_PAGE_SIZE = 25;
export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
export const NOTIFICATIONS_MAX_LIMIT = 1000;
export const NOTIFICATIONS_RANGE_DAYS = 30;
export const NOTIFICATIONS_BADGE_OVERFLOW = 999;
export const ACKNOWLEDGE_COMMENT_MAX_LENGTH = 500;
export const NOTIFICATIONS_SEARCH_MAX_LENGTH = 100;
/**
 * A list's `count` is exact up to this many rows and this number beyond (docs/notifications.md): an exact count
 * of millions of rows would cost every page hundreds of milliseconds. Pages past it are not offered.
 */
export const NOTIFICATIONS_COUNT_CAP = 10_000;

/** The count label of the log ('1 alert', '12 alerts', '10000+ alerts' at the cap). */
export function alertsCountText(count: number): string {
  if (count >= NOTIFICATIONS_COUNT_CAP) {
    return `${NOTIFICATIONS_COUNT_CAP}+ alerts`;
  }
  return count === 1 ? '1 alert' : `${count} alerts`;
}

export const NOTIFICATIONS_MESSAGES = {
  /** M section 5: the export needs a date bound (status EXPORT_NOTIFICATIONS_WITHOUT_DATE). */
  exportWithoutDate: 'Please select a date range before exporting notifications.',
  rangeTooLong: `The date range can be at most ${NOTIFICATIONS_RANGE_DAYS} days.`,
  rangeInverted: 'The start of the date range must be before its end.',
  dateInvalid: 'Enter a valid date (YYYY-MM-DD) or date and time (ISO 8601).',
  typeInvalid: `Type must be one of: ${NOTIFICATION_TYPES.join(', ')}.`,
  orderingInvalid: 'Unknown ordering.',
  notAlarm: 'Only an active alarm or warning can be acknowledged.',
  alreadyAcknowledged: 'This alarm was already acknowledged.',
  commentTooLong: `Ensure the comment has no more than ${ACKNOWLEDGE_COMMENT_MAX_LENGTH} characters.`,
} as const;

const DeviceRefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  udf_id: z.string().nullable(),
  device_type: z.string().nullable(),
  is_online: z.boolean(),
});

export const AcknowledgementSchema = z.object({
  at: z.number().describe('Unix seconds'),
  by: z.string().describe("The person's full name"),
  comment: z.string(),
});
export type Acknowledgement = z.infer<typeof AcknowledgementSchema>;

/**
 * One row of the log: the spec's fields (M section 3) and the earlier client's (wire-formats.md). Times:
 * `date_created`, `date_cleared` and `timestamp` in unix seconds; `notification_time` as text in the site's zone.
 */
export const NotificationItemSchema = z.object({
  id: z.number().int(),
  pk: z.number().int(),
  forebear: z.number().int().nullable(),
  forebear_pk: z.number().int().nullable(),
  location: z.object({ id: z.number().int(), title: z.string() }),
  location_pk: z.number().int(),
  device: DeviceRefSchema.nullable().describe('Null when the device was deleted'),
  device_pk: z.number().int().nullable(),
  device_name: z.string().nullable(),
  sensor_id: z.string().nullable().describe("The sensor's own Id"),
  full_sensor_id: z.string().nullable().describe('Dotted path: tree Id, group Id(s), sensor Id'),
  node_id: z.string().nullable().describe('The F500 node group of the sensor, when it has one'),
  sensor_name: z.string().nullable(),
  event_type: NotificationTypeSchema,
  event_label: z.string(),
  content: z.string(),
  value: z.string().nullable(),
  color: z.string(),
  is_active: z.boolean(),
  duration: z
    .string()
    .nullable()
    .describe("'N day(s), h:m:s' once closed; null while active or for instants"),
  date_created: z.number(),
  date_cleared: z.number().nullable(),
  notification_time: z.string(),
  timezone: z.string().describe("The site's IANA zone: the row's times are shown in it, labelled"),
  timestamp: z.number(),
  acknowledged: AcknowledgementSchema.nullable(),
  escalations: z
    .array(EscalationStepSchema)
    .optional()
    .describe('Issue 27: the escalation steps of an alarm or warning, level 1 first (added field)'),
  shelved: z
    .boolean()
    .optional()
    .describe(
      "Issue 27 (added field): the sensor's alarm or warning happened while the sensor was shelved: logged, but no e-mail, escalation, toast or sound",
    ),
});
export type NotificationItem = z.infer<typeof NotificationItemSchema>;

export const NotificationPageSchema = paginatedSchema(NotificationItemSchema);
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/** One notification in a socket push (wire-formats.md 'WebSockets'): `event_type` is the display text. */
export const NotificationPushItemSchema = z.object({
  pk: z.number().int(),
  forebear_pk: z.number().int().nullable(),
  key: z.string(),
  type: NotificationTypeSchema,
  color: z.enum(['red', 'amber', 'green', 'blue']),
  content: z.string(),
  device: z.string().nullable(),
  device_pk: z.number().int().nullable(),
  location: z.string(),
  location_pk: z.number().int(),
  event_type: z.string(),
  full_sensor_id: z.string().nullable(),
  node_id: z.string().nullable(),
  sensor_id: z.string().nullable(),
  sensor_name: z.string().nullable(),
  is_active: z.boolean(),
  notification_time: z.string(),
  timezone: z.string().describe("The site's IANA zone: the row's times are shown in it, labelled"),
  timestamp: z.number(),
  url: z.string(),
  value: z.string().nullable(),
  in_maintenance_test: z
    .boolean()
    .optional()
    .describe(
      'Beyond the wire (issue 23): the alarm or warning of a sensor during its maintenance test, which the test forced: browsers show no toast and sound no alarm for it',
    ),
  shelved: z
    .boolean()
    .optional()
    .describe(
      'Beyond the wire (issue 27): the alarm or warning of a shelved sensor: browsers show no toast and sound no alarm for it',
    ),
});
export type NotificationPushItem = z.infer<typeof NotificationPushItemSchema>;

/** A push of `ws/current-user-notifications/`: the notifications of one device (or site) and the unread count. */
export const NotificationPushSchema = z.object({
  device: z.string().nullable(),
  location: z.string().nullable(),
  count: z.number().int(),
  notifications: z.array(NotificationPushItemSchema),
});
export type NotificationPush = z.infer<typeof NotificationPushSchema>;

export const AcknowledgeBodySchema = z.object({
  comment: z
    .string()
    .trim()
    .max(ACKNOWLEDGE_COMMENT_MAX_LENGTH, NOTIFICATIONS_MESSAGES.commentTooLong)
    .optional()
    .default(''),
});
export type AcknowledgeBody = z.input<typeof AcknowledgeBodySchema>;

export const NotificationIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** 'N day(s), h:m:s' (M section 2 'In alarm' column), e.g. '0 day(s), 1:05:09'. */
export function formatDuration(milliseconds: number): string {
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${days} day(s), ${hours}:${two(minutes)}:${two(seconds)}`;
}

/** The header badge's text: the count, or '999+' above it (M section 9). */
export function badgeText(count: number): string {
  return count > NOTIFICATIONS_BADGE_OVERFLOW ? `${NOTIFICATIONS_BADGE_OVERFLOW}+` : String(count);
}
