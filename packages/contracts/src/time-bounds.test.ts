import { describe, expect, it } from 'vitest';
import { clampQueryInstant, isQueryDay, isQueryInstant } from './time-bounds';

describe('the query calendar', () => {
  it('holds the days from 1970-01-01 to 9999-12-30', () => {
    expect(isQueryDay({ year: 1970, month: 1, day: 1 })).toBe(true);
    expect(isQueryDay({ year: 9999, month: 12, day: 30 })).toBe(true);
    expect(isQueryDay({ year: 9999, month: 12, day: 31 })).toBe(false);
    expect(isQueryDay({ year: 1969, month: 12, day: 31 })).toBe(false);
    expect(isQueryDay({ year: 1, month: 1, day: 5 })).toBe(false);
    expect(isQueryDay({ year: 75, month: 6, day: 1 })).toBe(false);
  });

  it('holds the instants of those days in UTC, and nothing that is no instant', () => {
    expect(isQueryInstant(0)).toBe(true);
    expect(isQueryInstant(Date.UTC(9999, 11, 30, 23, 59, 59, 999))).toBe(true);
    expect(isQueryInstant(Date.UTC(9999, 11, 31))).toBe(false);
    expect(isQueryInstant(-1)).toBe(false);
    expect(isQueryInstant(1e20)).toBe(false);
    expect(isQueryInstant(Number.NaN)).toBe(false);
  });

  it('pulls derived bounds back within the calendar', () => {
    const last = Date.UTC(9999, 11, 30, 23, 59, 59, 999);
    expect(clampQueryInstant(last + 30 * 86_400_000)).toBe(last);
    expect(new Date(clampQueryInstant(-5)).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(clampQueryInstant(1000)).toBe(1000);
  });
});
