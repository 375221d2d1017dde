/** Conversions between instants and wall-clock times of an IANA timezone (site timezones), via Intl. */

export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `instant` in `timeZone` ('UTC' when the zone is unknown to ICU). */
export function wallClockOf(instant: Date, timeZone: string): WallClock {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterFor(timeZone).formatToParts(instant);
  } catch {
    parts = formatterFor('UTC').formatToParts(instant);
  }
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

function asUtcMs(clock: WallClock): number {
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
}

/** Offset of `timeZone` from UTC at `instantMs`, in ms (east positive). */
function offsetAt(instantMs: number, timeZone: string): number {
  const whole = instantMs - (instantMs % 1000);
  return asUtcMs(wallClockOf(new Date(whole), timeZone)) - whole;
}

/**
 * The instant a wall clock of `timeZone` shows. A time skipped by a DST jump maps to the instant after the
 * jump's offset is applied; an ambiguous (repeated) time maps to its first occurrence.
 */
export function instantOf(clock: WallClock, timeZone: string): Date {
  const local = asUtcMs(clock);
  const first = local - offsetAt(local, timeZone);
  const second = local - offsetAt(first, timeZone);
  const candidates = [first, second].filter((ms) => asUtcMs(wallClockOf(new Date(ms), timeZone)) === local);
  return new Date(candidates.length > 0 ? Math.min(...candidates) : Math.max(first, second));
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `YYYY-MM-DD HH:MM:SS` of `instant` in `timeZone`. */
export function formatWallClock(instant: Date, timeZone: string): string {
  const c = wallClockOf(instant, timeZone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

const zoneNameFormatters = new Map<string, Intl.DateTimeFormat>();

function shortZoneName(instant: Date, timeZone: string, locale: string): string {
  const key = `${locale}|${timeZone}`;
  let formatter = zoneNameFormatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
    zoneNameFormatters.set(key, formatter);
  }
  return formatter.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

// 'GMT+1' or 'GMT+5:30' is an offset, not an abbreviation a plant's staff would recognise.
const OFFSET_NAME = /^(GMT|UTC)[+-−]/;

/**
 * The zone's label at `instant`, as the web writes it (web/src/time/site-time.ts): its abbreviation (CET, CEST,
 * EST, UTC), else the zone's IANA name (Asia/Kolkata). A zone unknown to ICU is 'UTC', as wallClockOf reads it.
 */
export function zoneLabelOf(instant: Date, timeZone: string): string {
  for (const locale of ['en-US', 'en-GB']) {
    try {
      const name = shortZoneName(instant, timeZone, locale);
      if (name !== '' && !OFFSET_NAME.test(name)) {
        return name;
      }
    } catch {
      return 'UTC';
    }
  }
  return timeZone;
}

/** `YYYY-MM-DD HH:MM:SS CET`: the site's wall clock with its zone named (docs/decisions.md, issue 23). */
export function formatZonedTime(instant: Date, timeZone: string): string {
  return `${formatWallClock(instant, timeZone)} ${zoneLabelOf(instant, timeZone)}`;
}
