import { type AnalyticsQuery, utcStartOf } from '@vigil/contracts';
import type { AlarmRange } from './analytics.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** M section 7 'in UTC': from the start day's 00:00 UTC to the end day's 24:00 UTC. */
export function alarmRangeOf(query: AnalyticsQuery): AlarmRange {
  return { from: new Date(utcStartOf(query.start)), to: new Date(utcStartOf(query.end) + DAY_MS) };
}
