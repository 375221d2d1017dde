import { describe, expect, it } from 'vitest';
import { instantOf } from './zoned-time';

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
});
