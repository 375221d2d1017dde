import type { AlarmTimeData } from '@vigil/contracts';
import { wallClockOf } from '../telemetry/zoned-time';
import type { QuarterHourCount } from './analytics.repo';

/**
 * alarm-time's 24 hours: each UTC quarter hour's alarms go to the hour its start shows on the site's clock
 * (every zone offset is a whole number of quarter hours, so a quarter never straddles two local hours).
 */
export function alarmsPerHourOfDay(counts: readonly QuarterHourCount[], timeZone: string): AlarmTimeData {
  const hours = Array.from({ length: 24 }, () => 0);
  for (const { bucketSeconds, count } of counts) {
    const { hour } = wallClockOf(new Date(bucketSeconds * 1000), timeZone);
    hours[hour % 24] = (hours[hour % 24] ?? 0) + count;
  }
  return hours.map((y, name) => ({ name, y }));
}
