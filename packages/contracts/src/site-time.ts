/**
 * Times on a site's clock, in its IANA zone and labelled (docs/decisions.md, issue 23). The screens, the e-mails
 * and the notifications CSV all write a time this way, so this is their one definition: plain Intl, no Node or
 * DOM. An instant is a Date or epoch milliseconds.
 */

export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

// Intl formatters are costly to build and a chart or an export asks for hundreds of times, so one per zone and form.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(key: string, build: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  const known = formatters.get(key);
  if (known) {
    return known;
  }
  const built = build();
  formatters.set(key, built);
  return built;
}

function clockFormatter(timeZone: string): Intl.DateTimeFormat {
  return formatterFor(
    `clock|${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
  );
}

/** The wall clock of `instant` in `timeZone` ('UTC' when the zone is unknown to ICU). */
export function wallClockOf(instant: Date | number, timeZone: string): WallClock {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = clockFormatter(timeZone).formatToParts(instant);
  } catch {
    parts = clockFormatter('UTC').formatToParts(instant);
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

/** Offset of `timeZone` from UTC at `instantMs`, in ms (east positive), to the whole second as clocks show it. */
export function zoneOffsetAt(instantMs: number, timeZone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  const c = wallClockOf(whole, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - whole;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `YYYY-MM-DD` of `instant` in `timeZone`. */
export function formatWallDay(instant: Date | number, timeZone: string): string {
  const c = wallClockOf(instant, timeZone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}

/** `YYYY-MM-DD HH:MM:SS` of `instant` in `timeZone`. */
export function formatWallClock(instant: Date | number, timeZone: string): string {
  const c = wallClockOf(instant, timeZone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

function shortZoneName(instant: Date | number, timeZone: string, locale: string): string {
  const format = formatterFor(
    `zone|${locale}|${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }),
  );
  return format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

// 'GMT+1' or 'GMT+5:30' is an offset, not an abbreviation a plant's staff would recognise.
const OFFSET_NAME = /^(GMT|UTC)[+-−]/;

/**
 * The zone's label at `instant`: its abbreviation (CET, CEST, EST, UTC), else the zone's IANA name
 * (Asia/Kolkata). A zone unknown to ICU is 'UTC', as wallClockOf reads it.
 */
export function zoneLabelOf(instant: Date | number, timeZone: string): string {
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

/** `YYYY-MM-DD HH:MM:SS CET`: the site's wall clock with its zone named. */
export function formatZonedTime(instant: Date | number, timeZone: string): string {
  return `${formatWallClock(instant, timeZone)} ${zoneLabelOf(instant, timeZone)}`;
}
