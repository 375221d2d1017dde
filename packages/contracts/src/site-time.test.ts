import { describe, expect, it } from 'vitest';
import { formatWallClock, formatZonedTime, zoneLabelOf } from './site-time';

// 2026-11-27 21:14:05 UTC: 22:14:05 in Berlin (CET), 16:14:05 in New York (EST), 02:44:05 next day in Kolkata.
const EVENING = Date.UTC(2026, 10, 27, 21, 14, 5);

describe('formatZonedTime', () => {
  it('shows the site wall clock with the zone abbreviation', () => {
    expect(formatZonedTime(EVENING, 'Europe/Berlin')).toBe('2026-11-27 22:14:05 CET');
    expect(formatZonedTime(EVENING, 'America/New_York')).toBe('2026-11-27 16:14:05 EST');
    expect(formatZonedTime(EVENING, 'UTC')).toBe('2026-11-27 21:14:05 UTC');
  });

  it('labels with the zone name where the zone has no abbreviation', () => {
    expect(formatZonedTime(EVENING, 'Asia/Kolkata')).toBe('2026-11-28 02:44:05 Asia/Kolkata');
  });

  it('follows summer time in the label', () => {
    expect(formatZonedTime(Date.UTC(2026, 6, 1, 12, 0, 0), 'Europe/Berlin')).toBe('2026-07-01 14:00:00 CEST');
  });

  it('does not depend on the browser zone', () => {
    expect(zoneLabelOf(EVENING, 'Europe/London')).toBe('GMT');
  });

  it("writes the site's wall clock with the zone's abbreviation for a Date, summer and winter", () => {
    expect(formatZonedTime(new Date(Date.UTC(2026, 10, 27, 21, 14, 5)), 'Europe/Berlin')).toBe(
      '2026-11-27 22:14:05 CET',
    );
    expect(formatZonedTime(new Date(Date.UTC(2026, 6, 1, 12)), 'Europe/Berlin')).toBe(
      '2026-07-01 14:00:00 CEST',
    );
    expect(formatZonedTime(new Date(Date.UTC(2026, 0, 1, 14, 30)), 'America/New_York')).toBe(
      '2026-01-01 09:30:00 EST',
    );
    expect(formatZonedTime(new Date(Date.UTC(2026, 2, 5, 12)), 'UTC')).toBe('2026-03-05 12:00:00 UTC');
  });

  it('names a zone without an abbreviation by its IANA name, not an offset', () => {
    expect(zoneLabelOf(new Date(Date.UTC(2026, 0, 1)), 'Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(formatZonedTime(new Date(Date.UTC(2025, 11, 31, 18, 30)), 'Asia/Kolkata')).toBe(
      '2026-01-01 00:00:00 Asia/Kolkata',
    );
  });
});

describe('formatWallClock', () => {
  it('formats an instant as the wall clock of the zone', () => {
    const instant = new Date('2026-07-01T13:30:05Z');
    expect(formatWallClock(instant, 'America/New_York')).toBe('2026-07-01 09:30:05');
    expect(formatWallClock(instant, 'Europe/Berlin')).toBe('2026-07-01 15:30:05');
    expect(formatWallClock(instant, 'Not/AZone')).toBe('2026-07-01 13:30:05');
  });
});
