import { formatSiteDay } from '../../time/site-time';

/**
 * M section 9: the default range runs from the first day of the current month to today, the site's month and day
 * (its zone, docs/decisions.md issue 23), given as the pickers' calendar days (local dates of those numbers).
 */
export function defaultAnalyticsRange(now: Date, timeZone: string): { start: Date; end: Date } {
  const [year = 1970, month = 1, day = 1] = formatSiteDay(now.getTime(), timeZone).split('-').map(Number);
  return { start: new Date(year, month - 1, 1), end: new Date(year, month - 1, day) };
}

/** 'YYYY-MM-DD' of a local day (the notifications filter's dates and the subtitle). */
export function localIsoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
