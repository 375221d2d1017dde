import { queryOptions } from '@tanstack/react-query';
import {
  type AlarmPerformance,
  AlarmPerformanceSchema,
  type AlarmSensorData,
  AlarmSensorDataSchema,
  type AlarmTimeData,
  AlarmTimeDataSchema,
  type AlarmTypeData,
  AlarmTypeDataSchema,
  formatAnalyticsDate,
} from '@vigil/contracts';
import { api } from './client';

/** The chosen range: whole days, sent as 'D Mon YYYY' (M section 7). */
export type AnalyticsRange = { start: Date; end: Date };

/** The three reports of one GENERATE REPORT. */
export type AnalyticsReportData = {
  sensors: AlarmSensorData;
  hours: AlarmTimeData;
  types: AlarmTypeData;
};

/**
 * The picked calendar days as 'D Mon YYYY'. The pickers give local dates: their year, month and day are
 * what the user chose, so they are read in local time and written as that UTC day.
 */
function queryOf(range: AnalyticsRange) {
  const asUtcDay = (date: Date) => new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
  return { start: formatAnalyticsDate(asUtcDay(range.start)), end: formatAnalyticsDate(asUtcDay(range.end)) };
}

/** GET analytics/{device}/alarm-sensor|alarm-time|alarm-type/?start&end, the three at once. */
export async function getAnalyticsReport(
  deviceId: number,
  range: AnalyticsRange,
  signal?: AbortSignal,
): Promise<AnalyticsReportData> {
  const query = queryOf(range);
  const [sensors, hours, types] = await Promise.all([
    api.get(`analytics/${deviceId}/alarm-sensor/`, { query, parse: AlarmSensorDataSchema.parse, signal }),
    api.get(`analytics/${deviceId}/alarm-time/`, { query, parse: AlarmTimeDataSchema.parse, signal }),
    api.get(`analytics/${deviceId}/alarm-type/`, { query, parse: AlarmTypeDataSchema.parse, signal }),
  ]);
  return { sensors, hours, types };
}

/** Whole days as 'D Mon YYYY', as alarm performance takes them. */
export type AnalyticsDays = { start: string; end: string };

/** Query keys of the analytics reports kept in the cache (the three GENERATE REPORT answers are not). */
export const analyticsKeys = {
  alarmPerformance: (siteId: number, days: AnalyticsDays) =>
    ['analytics', 'site', siteId, 'alarm-performance', days.start, days.end] as const,
};

export function alarmPerformanceQuery(siteId: number, days: AnalyticsDays) {
  return queryOptions({
    queryKey: analyticsKeys.alarmPerformance(siteId, days),
    queryFn: ({ signal }) => getAlarmPerformance(siteId, days, signal),
  });
}

/** Beyond the spec: GET analytics/site/{locationId}/alarm-performance/?start&end ('D Mon YYYY' days). */
export function getAlarmPerformance(
  siteId: number,
  days: AnalyticsDays,
  signal?: AbortSignal,
): Promise<AlarmPerformance> {
  return api.get(`analytics/site/${siteId}/alarm-performance/`, {
    query: days,
    parse: AlarmPerformanceSchema.parse,
    signal,
  });
}
