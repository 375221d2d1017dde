import { describe, expect, it } from 'vitest';
import { alarmsPerHourOfDay } from './alarm-hours';

const at = (iso: string) => Date.parse(iso) / 1000;

describe("alarms per hour of the day on the site's clock", () => {
  it('answers all 24 hours, empty ones at 0', () => {
    const hours = alarmsPerHourOfDay([], 'UTC');
    expect(hours).toHaveLength(24);
    expect(hours[0]).toEqual({ name: 0, y: 0 });
    expect(hours[23]).toEqual({ name: 23, y: 0 });
  });

  it("places UTC quarter hours in the site's local hours", () => {
    const hours = alarmsPerHourOfDay(
      [
        { bucketSeconds: at('2026-11-05T14:00:00Z'), count: 2 }, // 09:00 in New York (EST)
        { bucketSeconds: at('2026-11-05T14:45:00Z'), count: 1 }, // 09:45
        { bucketSeconds: at('2026-07-05T13:15:00Z'), count: 4 }, // 09:15 (EDT)
        { bucketSeconds: at('2026-11-06T04:30:00Z'), count: 1 }, // 23:30 the day before
      ],
      'America/New_York',
    );
    expect(hours[9]).toEqual({ name: 9, y: 7 });
    expect(hours[23]).toEqual({ name: 23, y: 1 });
    expect(hours.reduce((sum, hour) => sum + hour.y, 0)).toBe(8);
  });

  it('keeps half-hour zones apart (Kolkata, UTC+5:30)', () => {
    const hours = alarmsPerHourOfDay(
      [
        { bucketSeconds: at('2026-11-05T08:15:00Z'), count: 1 }, // 13:45
        { bucketSeconds: at('2026-11-05T08:30:00Z'), count: 2 }, // 14:00
      ],
      'Asia/Kolkata',
    );
    expect(hours[13]?.y).toBe(1);
    expect(hours[14]?.y).toBe(2);
  });

  it('falls back to UTC for a zone the runtime does not know', () => {
    expect(
      alarmsPerHourOfDay([{ bucketSeconds: at('2026-11-05T03:00:00Z'), count: 1 }], 'Mars/Olympus')[3]?.y,
    ).toBe(1);
  });
});
