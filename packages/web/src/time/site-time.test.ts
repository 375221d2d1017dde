import { describe, expect, it } from 'vitest';
import {
  axisZoneName,
  formatAxisTime,
  formatSiteMinute,
  formatSiteTime,
  labelSiteWallClock,
  parseSiteTime,
  siteDayBoundsOf,
} from './site-time';

// 2026-11-27 21:14:05 UTC: 22:14:05 in Berlin (CET), 16:14:05 in New York (EST), 02:44:05 next day in Kolkata.
const EVENING = Date.UTC(2026, 10, 27, 21, 14, 5);

describe('formatSiteMinute', () => {
  it('drops the seconds in the minute form', () => {
    expect(formatSiteMinute(EVENING, 'Europe/Berlin')).toBe('2026-11-27 22:14 CET');
  });
});

describe('formatAxisTime', () => {
  it('shows seconds on a span of minutes', () => {
    expect(formatAxisTime(EVENING, 'Europe/Berlin', 5 * 60_000)).toBe('22:14:05');
  });

  it('shows hours and minutes within a day', () => {
    expect(formatAxisTime(EVENING, 'Europe/Berlin', 10 * 3_600_000)).toBe('22:14');
  });

  it('shows the date on a span of days', () => {
    expect(formatAxisTime(EVENING, 'Europe/Berlin', 5 * 86_400_000)).toBe('11-27 22:14');
    expect(formatAxisTime(EVENING, 'Europe/Berlin', 60 * 86_400_000)).toBe('11-27');
  });

  it('names the zone once for the axis', () => {
    expect(axisZoneName(EVENING, 'Europe/Berlin')).toBe('Time (CET)');
  });
});

describe('parseSiteTime', () => {
  it('reads a date and time entered in the site zone', () => {
    expect(parseSiteTime('2026-11-27 22:14:05', 'Europe/Berlin')).toBe(EVENING);
    expect(parseSiteTime('2026-11-27 16:14:05', 'America/New_York')).toBe(EVENING);
    expect(parseSiteTime('2026-11-28T02:44:05', 'Asia/Kolkata')).toBe(EVENING);
  });

  it('reads a date alone as the start of that day at the site', () => {
    expect(parseSiteTime('2026-11-27', 'Europe/Berlin')).toBe(Date.UTC(2026, 10, 26, 23, 0, 0));
  });

  it('reads minutes without seconds', () => {
    expect(parseSiteTime('2026-11-27 22:14', 'Europe/Berlin')).toBe(EVENING - 5_000);
  });

  it('refuses text that is not a date, or a date that does not exist', () => {
    expect(parseSiteTime('yesterday', 'Europe/Berlin')).toBeNull();
    expect(parseSiteTime('2026-02-30 10:00', 'Europe/Berlin')).toBeNull();
    expect(parseSiteTime('2026-11-27 25:00', 'Europe/Berlin')).toBeNull();
    expect(parseSiteTime('2026-11-27 10:00', 'Mars/Olympus')).toBeNull();
  });

  it('refuses the hour the clocks skip', () => {
    expect(parseSiteTime('2026-03-29 02:30', 'Europe/Berlin')).toBeNull();
  });

  it('takes the first of the hour the clocks repeat', () => {
    // 02:30 on 2026-10-25 happens at 00:30 UTC (CEST) and again at 01:30 UTC (CET).
    expect(parseSiteTime('2026-10-25 02:30', 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 25, 0, 30, 0));
  });

  it('round-trips what it formats', () => {
    const shown = formatSiteTime(EVENING, 'America/New_York');
    expect(parseSiteTime(shown.slice(0, 19), 'America/New_York')).toBe(EVENING);
  });
});

describe('labelSiteWallClock', () => {
  it('labels a time chosen at the site with the zone in force then', () => {
    expect(labelSiteWallClock('2026-11-27 15:35', 'America/Chicago')).toBe('2026-11-27 15:35 CST');
    expect(labelSiteWallClock('2026-07-01 15:35', 'America/Chicago')).toBe('2026-07-01 15:35 CDT');
  });
});

describe('siteDayBoundsOf', () => {
  it("gives the site's day from its midnight to the last millisecond before the next", () => {
    expect(siteDayBoundsOf('2026-11-27', 'America/New_York')).toEqual({
      start: Date.UTC(2026, 10, 27, 5, 0, 0),
      end: Date.UTC(2026, 10, 28, 5, 0, 0) - 1,
    });
  });

  it('knows a day the clocks go back is 25 hours long, and refuses what is no day', () => {
    const bounds = siteDayBoundsOf('2026-10-25', 'Europe/Berlin');
    expect(bounds === null ? 0 : bounds.end + 1 - bounds.start).toBe(25 * 3_600_000);
    expect(siteDayBoundsOf('2026-13-01', 'Europe/Berlin')).toBeNull();
  });
});
