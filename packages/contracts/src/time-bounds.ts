/**
 * The calendar a query may name (issue 23; docs/decisions.md 2026-11-27): 1970-01-01 to 9999-12-30. A wall clock
 * or a calendar day is checked on its own calendar, an instant in UTC. The last day stops one short of 9999-12-31
 * so that a site's zone shift (at most 14 h) and the spans derived from a bound (clamped with clampQueryInstant)
 * stay within the four-digit years that ISO-8601 text and PostgreSQL's input read; past that they answered 500.
 */

export const FIRST_QUERY_DAY = '1970-01-01';
export const LAST_QUERY_DAY = '9999-12-30';

const FIRST_MS = Date.UTC(1970, 0, 1);
/** 9999-12-30T23:59:59.999Z. */
const LAST_MS = Date.UTC(9999, 11, 31) - 1;

export const TIME_MESSAGES = {
  outOfRange: `Choose a date from ${FIRST_QUERY_DAY} to ${LAST_QUERY_DAY}.`,
} as const;

export type QueryDay = { year: number; month: number; day: number };

/** True when the calendar day (of whatever zone) lies within FIRST_QUERY_DAY..LAST_QUERY_DAY. */
export function isQueryDay(day: QueryDay): boolean {
  // Compared as YYYYMMDD numbers: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  const key = (day.year * 100 + day.month) * 100 + day.day;
  return key >= 1970_01_01 && key <= 9999_12_30;
}

/** True when the instant (epoch ms) lies within the query calendar, read in UTC. */
export function isQueryInstant(ms: number): boolean {
  return Number.isFinite(ms) && ms >= FIRST_MS && ms <= LAST_MS;
}

/** A bound derived from another (a default span) pulled back into the query calendar. */
export function clampQueryInstant(ms: number): number {
  return Math.min(Math.max(ms, FIRST_MS), LAST_MS);
}
