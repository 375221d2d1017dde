import { describe, expect, it } from 'vitest';
import { formatWallClock, formatZonedTime, instantOf, zoneLabelOf } from './zoned-time';

const clock = (year: number, month: number, day: number, hour: number, minute: number) => ({
  year,
  month,
  day,
  hour,
  minute,
  second: 0,
});

describe('zoned time', () => {
  it('converts a wall clock of the zone to the instant, summer and winter', () => {
    expect(instantOf(clock(2026, 7, 1, 9, 30), 'America/New_York').toISOString()).toBe(
      '2026-07-01T13:30:00.000Z',
    );
    expect(instantOf(clock(2026, 1, 1, 9, 30), 'America/New_York').toISOString()).toBe(
      '2026-01-01T14:30:00.000Z',
    );
    expect(instantOf(clock(2026, 1, 1, 0, 0), 'Asia/Kolkata').toISOString()).toBe('2025-12-31T18:30:00.000Z');
    expect(instantOf(clock(2026, 3, 5, 12, 0), 'UTC').toISOString()).toBe('2026-03-05T12:00:00.000Z');
  });

  it('maps a repeated hour to its first occurrence and a skipped hour past the jump', () => {
    // 2026-11-01 01:30 happens twice in New York (EDT, then EST).
    expect(instantOf(clock(2026, 11, 1, 1, 30), 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    // 2026-03-08 02:30 does not exist in New York.
    const skipped = instantOf(clock(2026, 3, 8, 2, 30), 'America/New_York');
    expect(['2026-03-08T06:30:00.000Z', '2026-03-08T07:30:00.000Z']).toContain(skipped.toISOString());
  });

  it('formats an instant as the wall clock of the zone', () => {
    const instant = new Date('2026-07-01T13:30:05Z');
    expect(formatWallClock(instant, 'America/New_York')).toBe('2026-07-01 09:30:05');
    expect(formatWallClock(instant, 'Europe/Berlin')).toBe('2026-07-01 15:30:05');
    expect(formatWallClock(instant, 'Not/AZone')).toBe('2026-07-01 13:30:05');
  });
});

describe('a time with its zone named', () => {
  it("writes the site's wall clock with the zone's abbreviation, summer and winter", () => {
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
