import { z } from 'zod';
import { IdParamSchema } from './common';
import type { DeviceType } from './devices';
import { SENSOR_STATE_TEXTS } from './realtime';
import { isQueryDay, TIME_MESSAGES } from './time-bounds';

/** Analytics (M sections 2, 3, 5, 7 to 9; docs/analytics.md). */

/** M section 2: analytics exist for these device types only. */
export const ANALYTICS_DEVICE_TYPES: readonly DeviceType[] = ['F500', '0300', 'F500-UDF'];

export const ANALYTICS_MESSAGES = {
  /** M section 8, verbatim. */
  fetchError: 'An error occured, please try again!',
  selectDevice: 'Please select device before!',
  notAllowed: 'You are not allowed to visit this page',
  deviceType: 'Analytics are only available for devices of type F500, 0300 and F500-UDF.',
  startRequired: 'Please select a start date.',
  endRequired: 'Please select an end date.',
  invalidDate: "Enter the date as 'D Mon YYYY', e.g. '5 Nov 2026'.",
  startAfterEnd: 'The start date must not be after the end date.',
} as const;

/** M section 9: alerts dismiss themselves after 5 s. */
export const ANALYTICS_ALERT_DISMISS_MS = 5000;

/** The three reports of /analytics (the path segment of each call). */
export const ANALYTICS_REPORTS = ['alarm-sensor', 'alarm-time', 'alarm-type'] as const;
export type AnalyticsReport = (typeof ANALYTICS_REPORTS)[number];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export type CalendarDay = { year: number; month: number; day: number };

/** 'D Mon YYYY' (also 'DD Mon YYYY', month in any case) → the calendar day; null when it is not a real day. */
export function parseAnalyticsDate(text: string): CalendarDay | null {
  const match = /^\s*(\d{1,2}) ([A-Za-z]{3}) (\d{4})\s*$/.exec(text);
  if (match === null) {
    return null;
  }
  const [, dayText = '', monthText = '', yearText = ''] = match;
  const month = MONTHS.findIndex((name) => name.toLowerCase() === monthText.toLowerCase()) + 1;
  const day = Number(dayText);
  const year = Number(yearText);
  if (month === 0) {
    return null;
  }
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCDate() === day && date.getUTCMonth() === month - 1 ? { year, month, day } : null;
}

/** M section 7: the UTC calendar day of `date` as 'D Mon YYYY'. */
export function formatAnalyticsDate(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** A calendar day as 'YYYY-MM-DD' (the notifications filter's date). */
export function isoDayOf(day: CalendarDay): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.year}-${pad(day.month)}-${pad(day.day)}`;
}

/** Milliseconds of 00:00 UTC of the day. */
export function utcStartOf(day: CalendarDay): number {
  return Date.UTC(day.year, day.month - 1, day.day);
}

const analyticsDate = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .transform((text, context) => {
      const day = parseAnalyticsDate(text);
      if (day === null) {
        context.addIssue({ code: 'custom', message: ANALYTICS_MESSAGES.invalidDate });
        return z.NEVER;
      }
      if (!isQueryDay(day)) {
        context.addIssue({ code: 'custom', message: TIME_MESSAGES.outOfRange });
        return z.NEVER;
      }
      return day;
    });

/** ?start&end of every analytics call: whole UTC days, start day 00:00 to end day 24:00. */
export const AnalyticsQuerySchema = z
  .object({
    start: analyticsDate(ANALYTICS_MESSAGES.startRequired).describe("First day, 'D Mon YYYY' (UTC)"),
    end: analyticsDate(ANALYTICS_MESSAGES.endRequired).describe("Last day, included, 'D Mon YYYY' (UTC)"),
  })
  .refine((query) => utcStartOf(query.start) <= utcStartOf(query.end), {
    message: ANALYTICS_MESSAGES.startAfterEnd,
    path: ['start'],
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

export const AnalyticsDeviceParamsSchema = z.object({
  device: IdParamSchema.describe('Device id'),
});

/** alarm-sensor: alarms per sensor, the most alarmed first. */
export const AlarmSensorDataSchema = z.array(
  z.object({
    sensor_name: z.string().describe("The sensor's configured name, else its name in the tree"),
    y: z.number().int().describe('Alarms (alarm_on) in the range'),
  }),
);
export type AlarmSensorData = z.infer<typeof AlarmSensorDataSchema>;

/** alarm-time: alarms per hour of the day (0 to 23, the site's timezone), every hour present. */
export const AlarmTimeDataSchema = z.array(
  z.object({
    name: z.number().int().min(0).max(23).describe("Hour of the day in the site's timezone"),
    y: z.number().int(),
  }),
);
export type AlarmTimeData = z.infer<typeof AlarmTimeDataSchema>;

export const AlarmTypeItemSchema = z.object({
  name: z.string().describe('Alarm type as shown'),
  y: z.number().int(),
});
export type AlarmTypeItem = z.infer<typeof AlarmTypeItemSchema>;

/** alarm-type: [total, [{name, y}]], the most frequent type first. */
export const AlarmTypeDataSchema = z.tuple([z.number().int(), z.array(AlarmTypeItemSchema)]);
export type AlarmTypeData = z.infer<typeof AlarmTypeDataSchema>;

/** M section 9: what the pie chart calls the plain 'Alarm' type, and the merged contact types. */
export const ALARM_TYPE_LABELS = {
  alarm: 'Alarm',
  underspeed: 'Underspeed Alarm',
  contact: 'Contact Changed',
};

const CONTACT_STATES: readonly string[] = [SENSOR_STATE_TEXTS.contactOpen, SENSOR_STATE_TEXTS.contactClosed];

/** The type of one alarm: its state text when it has one, else its status ('Alarm' when neither is known). */
export function alarmTypeOf(detail: { state?: unknown; status?: unknown } | null | undefined): string {
  const state = typeof detail?.state === 'string' ? detail.state.trim() : '';
  if (state !== '') {
    return state;
  }
  const status = typeof detail?.status === 'string' ? detail.status.trim() : '';
  return status === '' ? ALARM_TYPE_LABELS.alarm : status;
}

/** True for the state texts of a contact sensor, open or closed (any case, any suffix). */
export function isContactState(type: string): boolean {
  const text = type.trim().toLowerCase();
  return (
    CONTACT_STATES.some((state) => state.toLowerCase() === text) ||
    /^contact sensor (open|closed)\b/.test(text)
  );
}

/** M section 9: 'Alarm' is shown as 'Underspeed Alarm', contact open/closed as 'Contact Changed'. */
export function displayAlarmType(type: string): string {
  if (type === ALARM_TYPE_LABELS.alarm) {
    return ALARM_TYPE_LABELS.underspeed;
  }
  return isContactState(type) ? ALARM_TYPE_LABELS.contact : type;
}

/** Counts per raw type → the pie's [total, items]: relabelled, merged, the largest first (then by name). */
export function mergeAlarmTypes(counts: ReadonlyArray<{ type: string; count: number }>): AlarmTypeData {
  const merged = new Map<string, number>();
  let total = 0;
  for (const { type, count } of counts) {
    const name = displayAlarmType(type);
    merged.set(name, (merged.get(name) ?? 0) + count);
    total += count;
  }
  const items = [...merged].map(([name, y]) => ({ name, y }));
  items.sort((a, b) => b.y - a.y || a.name.localeCompare(b.name));
  return [total, items];
}

/* Beyond the spec: ALARM PERFORMANCE of a site (docs/analytics.md 'Alarm performance'). */

/** An alarm_on repeated this many times within CHATTER_WINDOW_SECONDS makes a sensor chattering. */
export const CHATTER_ALARMS = 3;
export const CHATTER_WINDOW_SECONDS = 60;
/** An alarm not cleared within this many hours is a standing alarm. */
export const STANDING_ALARM_HOURS = 24;
/** The peak rate is counted over windows of this many minutes, expressed per hour. */
export const PEAK_WINDOW_MINUTES = 10;
export const TOP_SENSORS = 10;
/** At most this many standing alarms are listed (the oldest first); the count covers them all. */
export const STANDING_ALARMS_LISTED = 100;

export const AnalyticsSiteParamsSchema = z.object({ locationId: IdParamSchema.describe('Site id') });

const SensorFigureSchema = z.object({
  device_id: z.number().int(),
  device_title: z.string(),
  sensor_id: z.string().describe('Full dotted sensor id'),
  sensor_name: z.string().describe("The sensor's configured name, else its name in the tree"),
});

export const AlarmPerformanceSchema = z.object({
  location: z.object({ id: z.number().int(), title: z.string() }),
  start: z.string().describe('First day, YYYY-MM-DD (UTC)'),
  end: z.string().describe('Last day, included, YYYY-MM-DD (UTC)'),
  total_alarms: z.number().int().describe('Alarms, leaving out those raised while their sensor was shelved'),
  shelved_alarms: z
    .number()
    .int()
    .describe('Issue 27: alarms raised while their sensor was shelved (not in total_alarms nor the average)'),
  hours: z.number().describe('Hours of the range that have passed (the average divides by them)'),
  average_per_hour: z.number().describe('Alarms per hour, 2 decimals'),
  peak: z
    .object({
      start: z.string().describe('ISO start of the busiest 10-minute window (aligned to 10 minutes, UTC)'),
      alarms: z.number().int(),
      per_hour: z.number().int().describe('alarms × 6'),
    })
    .nullable(),
  chattering: z.array(
    SensorFigureSchema.extend({
      alarms: z.number().int(),
      bursts: z.number().int().describe('Alarms that were the 3rd (or later) within 60 s'),
    }),
  ),
  standing_count: z.number().int(),
  standing: z.array(
    SensorFigureSchema.extend({
      raised_at: z.string().describe('ISO time of the alarm_on'),
      cleared_at: z.string().nullable().describe('ISO time of the next alarm_off; null while still open'),
      hours_open: z.number().describe('Until cleared, or until now; 1 decimal'),
    }),
  ),
  top_sensors: z.array(
    SensorFigureSchema.extend({ alarms: z.number().int(), share: z.number().describe('%') }),
  ),
  median_clear_seconds: z
    .number()
    .nullable()
    .describe('Median alarm_on to next alarm_off, cleared alarms only'),
  cleared_alarms: z.number().int(),
});
export type AlarmPerformance = z.infer<typeof AlarmPerformanceSchema>;

/** The notifications page filtered to the alarms behind a figure (its query parameters). */
export function alarmNotificationsLink(filter: {
  siteId: number;
  deviceId?: number;
  from: string;
  to: string;
  search?: string;
}): string {
  const pairs: Array<[string, string | undefined]> = [
    ['location', String(filter.siteId)],
    ['device', filter.deviceId === undefined ? undefined : String(filter.deviceId)],
    ['event_type', 'alarm_on'],
    ['date_created_from', filter.from],
    ['date_created_to', filter.to],
    ['search', filter.search],
  ];
  const query = pairs
    .flatMap(([key, value]) => (value === undefined ? [] : [`${key}=${encodeURIComponent(value)}`]))
    .join('&');
  return `/notifications/all?${query}`;
}
