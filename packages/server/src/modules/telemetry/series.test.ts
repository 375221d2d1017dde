import { describe, expect, it } from 'vitest';
import { resolutionFor, type SeriesPoint, withGaps } from './series';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const point = (minutes: number): SeriesPoint => ({
  t: new Date(Date.UTC(2026, 6, 1) + minutes * MINUTE),
  value: minutes,
  min: minutes,
  max: minutes,
  status: 'OK',
  alarm: false,
});

describe('series resolution', () => {
  it('reads raw points up to an hour, 1-minute roll-ups up to 7 days, 1-hour roll-ups beyond', () => {
    expect(resolutionFor(HOUR)).toBe('raw');
    expect(resolutionFor(HOUR + 1)).toBe('1m');
    expect(resolutionFor(DAY)).toBe('1m');
    expect(resolutionFor(7 * DAY)).toBe('1m');
    expect(resolutionFor(7 * DAY + 1)).toBe('1h');
    expect(resolutionFor(30 * DAY)).toBe('1h');
  });
});

describe('gap points', () => {
  it('inserts a null point halfway through a gap longer than 30 minutes × 1.15', () => {
    const points = withGaps([point(0), point(34.5), point(80), point(81)], MINUTE);
    expect(points.map((p) => [p.t.getTime() - Date.UTC(2026, 6, 1), p.value, p.status])).toEqual([
      [0, 0, 'OK'],
      [34.5 * MINUTE, 34.5, 'OK'],
      [57.25 * MINUTE, null, null],
      [80 * MINUTE, 80, 'OK'],
      [81 * MINUTE, 81, 'OK'],
    ]);
  });

  it('lets hourly points be an hour apart and marks a gap over 1 hour × 1.15', () => {
    const hourly = [point(0), point(60), point(120), point(240)];
    const points = withGaps(hourly, HOUR);
    expect(points.map((p) => p.value)).toEqual([0, 60, 120, null, 240]);
  });
});
