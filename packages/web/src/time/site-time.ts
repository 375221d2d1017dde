/**
 * Times in a site's zone. Every time is shown and asked for in the site's IANA zone, labelled, so a person
 * reading a graph in another country sees what the plant's clock said (docs/decisions.md, issue 23).
 */

import { formatWallDay, type WallClock, wallClockOf, zoneLabelOf, zoneOffsetAt } from '@vigil/contracts';

// The labelled forms the server writes too (e-mails, notifications CSV) are defined once in the contracts.
export {
  formatWallDay as formatSiteDay,
  formatZonedTime as formatSiteTime,
  zoneLabelOf as zoneLabel,
} from '@vigil/contracts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const pad = (n: number) => String(n).padStart(2, '0');

/** Is this an IANA zone the browser knows? A site's zone comes from the server, but guard the formatters. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** An instant without seconds, `2026-11-27 22:14 CET`, for lists where seconds are noise. */
export function formatSiteMinute(ms: number, timeZone: string): string {
  const f = wallClockOf(ms, timeZone);
  return `${formatWallDay(ms, timeZone)} ${pad(f.hour)}:${pad(f.minute)} ${zoneLabelOf(ms, timeZone)}`;
}

/**
 * A time-axis label, short enough for a tick: seconds on a span of minutes, hours and minutes within a day or
 * two, the date (and midnight-free time) beyond. The zone is labelled once in the axis name, not per tick.
 */
export function formatAxisTime(ms: number, timeZone: string, spanMs: number): string {
  const f = wallClockOf(ms, timeZone);
  const clock = `${pad(f.hour)}:${pad(f.minute)}`;
  if (spanMs <= 10 * MINUTE_MS) {
    return `${clock}:${pad(f.second)}`;
  }
  if (spanMs <= 2 * DAY_MS) {
    return clock;
  }
  const day = `${pad(f.month)}-${pad(f.day)}`;
  if (spanMs > 14 * DAY_MS || (f.hour === 0 && f.minute === 0)) {
    return day;
  }
  return `${day} ${clock}`;
}

/** The axis name that says which zone the ticks are in, e.g. `Time (CET)`. */
export function axisZoneName(ms: number, timeZone: string): string {
  return `Time (${zoneLabelOf(ms, timeZone)})`;
}

const ENTERED = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*$/;

function sameFields(a: WallClock, b: WallClock): boolean {
  return (
    a.year === b.year &&
    a.month === b.month &&
    a.day === b.day &&
    a.hour === b.hour &&
    a.minute === b.minute &&
    a.second === b.second
  );
}

/**
 * The instant of a date/time a person enters in the site's zone (`YYYY-MM-DD`, `YYYY-MM-DD HH:mm[:ss]`).
 * Null when it is not a date, or the clock never shows it there (the hour skipped when clocks go forward).
 * In the repeated hour when clocks go back the earlier instant wins, as the first time the clock showed it.
 */
export function parseSiteTime(text: string, timeZone: string): number | null {
  const match = ENTERED.exec(text);
  if (!match || !isKnownTimeZone(timeZone)) {
    return null;
  }
  const field = (index: number) => Number(match[index] ?? 0);
  const wanted: WallClock = {
    year: field(1),
    month: field(2),
    day: field(3),
    hour: field(4),
    minute: field(5),
    second: field(6),
  };
  const wall = Date.UTC(wanted.year, wanted.month - 1, wanted.day, wanted.hour, wanted.minute, wanted.second);
  // Both offsets around the wall time are candidates; the earlier instant that shows the wall time wins.
  const candidates = [zoneOffsetAt(wall - DAY_MS, timeZone), zoneOffsetAt(wall + DAY_MS, timeZone)]
    .map((offset) => wall - offset)
    .sort((a, b) => a - b);
  return candidates.find((ms) => sameFields(wallClockOf(ms, timeZone), wanted)) ?? null;
}

/** A wall-clock time entered or chosen at the site (`2026-11-27 15:35`) with the zone it is in: `… CET`. */
export function labelSiteWallClock(text: string, timeZone: string, now = Date.now()): string {
  return `${text} ${zoneLabelOf(parseSiteTime(text, timeZone) ?? now, timeZone)}`;
}

/**
 * The first and the last instant of a calendar day (`YYYY-MM-DD`) at the site, as epoch ms; null for no day.
 * A day the clocks change on is 23 or 25 hours long.
 */
export function siteDayBoundsOf(day: string, timeZone: string): { start: number; end: number } | null {
  const start = parseSiteTime(day, timeZone);
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  const nextDay = `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
  const nextStart = parseSiteTime(nextDay, timeZone);
  return start === null || nextStart === null ? null : { start, end: nextStart - 1 };
}
