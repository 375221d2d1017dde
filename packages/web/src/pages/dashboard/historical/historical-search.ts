/**
 * The historical search of M sections 2 and 5: a date (YYYY-MM-DD) and a time (HH:mm) chosen in the Historical
 * Data modal or on the list page, carried in the address as '/dashboard/historical/{date}&{time}'.
 */

import { parseSiteTime, zoneLabel } from '../../../time/site-time';

export const HISTORICAL_PATH = '/dashboard/historical';

/** M section 5, verbatim. */
export const HISTORICAL_MESSAGES = {
  dateRequired: 'Please select date before!',
  timeRequired: 'Please select time before!',
  deviceRequired: 'Please select device before!',
  /** M section 8, verbatim. */
  empty: 'Historical list is empty!',
  /** Ours: an address whose '{date}&{time}' is no real date and time. */
  invalidAddress: 'The date and time in the address are not valid; showing the start of the month instead.',
} as const;

export type HistoricalSearch = { date: string; time: string };

/** A search being chosen: either part may still be missing. */
export type HistoricalSearchDraft = { date: string | null; time: string | null };

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

function isRealDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (match === null) {
    return false;
  }
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/**
 * The label beside the pickers, e.g. 'Site time (CET)': the date and time are the site's wall clock, and the zone
 * named is the one in force at the chosen moment (a summer date reads CEST in winter), or now while none is chosen.
 */
export function searchZoneLabel(draft: HistoricalSearchDraft, timeZone: string, now = Date.now()): string {
  const chosen =
    draft.date === null ? null : parseSiteTime(`${draft.date} ${draft.time ?? '00:00'}`, timeZone);
  return `Site time (${zoneLabel(chosen ?? now, timeZone)})`;
}

/** '2026-11-01&08:30' → the search, or null when it is no real date and time. */
export function parseHistoricalSegment(segment: string): HistoricalSearch | null {
  const [date = '', time = '', ...rest] = segment.split('&');
  if (rest.length > 0 || !isRealDate(date) || !TIME_PATTERN.test(time)) {
    return null;
  }
  return { date, time };
}

/** The list page of a search: '/dashboard/historical/{date}&{time}'. */
export function historicalListPath(search: HistoricalSearch): string {
  return `${HISTORICAL_PATH}/${search.date}&${search.time}`;
}

/** The `timestamp` query of historical/records/: 'YYYY-MM-DD HH:MM:00' in the site's timezone. */
export function recordsTimestampOf(search: HistoricalSearch): string {
  return `${search.date} ${search.time}:00`;
}

/**
 * M section 5: the first message the search fails on (date, then time, then device), or null when it may go.
 * Blank strings count as not chosen.
 */
export function historicalSearchError(input: {
  date: string | null;
  time: string | null;
  hasDevice: boolean;
}): string | null {
  if (input.date === null || input.date.trim() === '') {
    return HISTORICAL_MESSAGES.dateRequired;
  }
  if (input.time === null || input.time.trim() === '') {
    return HISTORICAL_MESSAGES.timeRequired;
  }
  if (!input.hasDevice) {
    return HISTORICAL_MESSAGES.deviceRequired;
  }
  return null;
}

/**
 * M section 2: the records in three tables by thirds, in order; the first tables take the extra rows
 * (10 records → 4, 3, 3), so the columns differ in length by one at most.
 */
export function splitIntoThirds<T>(items: readonly T[]): [T[], T[], T[]] {
  const base = Math.floor(items.length / 3);
  const extra = items.length % 3;
  const first = base + (extra > 0 ? 1 : 0);
  const second = base + (extra > 1 ? 1 : 0);
  return [items.slice(0, first), items.slice(first, first + second), items.slice(first + second)];
}
