import { describe, expect, it } from 'vitest';
import {
  defaultHistoricalSearch,
  HISTORICAL_MESSAGES,
  historicalListPath,
  historicalSearchError,
  parseHistoricalSegment,
  recordsTimestampOf,
  splitIntoThirds,
} from './historical-search';

describe('defaultHistoricalSearch', () => {
  it('is the first day of the current month at 00:00', () => {
    expect(defaultHistoricalSearch(new Date(2026, 10, 23, 22, 5))).toEqual({
      date: '2026-11-01',
      time: '00:00',
    });
    expect(defaultHistoricalSearch(new Date(2027, 0, 1, 0, 0))).toEqual({
      date: '2027-01-01',
      time: '00:00',
    });
  });
});

describe('parseHistoricalSegment', () => {
  it("reads the route's '{date}&{time}' segment", () => {
    expect(parseHistoricalSegment('2026-11-05&08:30')).toEqual({ date: '2026-11-05', time: '08:30' });
  });

  it('refuses what is no real date and time', () => {
    for (const segment of [
      '2026-02-30&08:30',
      '2026-11-05&24:00',
      '2026-11-05',
      'now',
      '2026-11-05&08:30&x',
    ]) {
      expect(parseHistoricalSegment(segment)).toBeNull();
    }
  });

  it('round-trips with historicalListPath', () => {
    const search = { date: '2026-01-31', time: '23:59' };
    expect(historicalListPath(search)).toBe('/dashboard/historical/2026-01-31&23:59');
    expect(parseHistoricalSegment(historicalListPath(search).split('/').pop() ?? '')).toEqual(search);
  });
});

describe('recordsTimestampOf', () => {
  it("answers the records query's 'YYYY-MM-DD HH:MM:00'", () => {
    expect(recordsTimestampOf({ date: '2026-11-01', time: '00:00' })).toBe('2026-11-01 00:00:00');
  });
});

describe('historicalSearchError', () => {
  it('asks for the date first, then the time, then a device', () => {
    expect(historicalSearchError({ date: null, time: null, hasDevice: false })).toBe(
      HISTORICAL_MESSAGES.dateRequired,
    );
    expect(historicalSearchError({ date: '2026-11-01', time: ' ', hasDevice: false })).toBe(
      'Please select time before!',
    );
    expect(historicalSearchError({ date: '2026-11-01', time: '10:00', hasDevice: false })).toBe(
      'Please select device before!',
    );
    expect(historicalSearchError({ date: '2026-11-01', time: '10:00', hasDevice: true })).toBeNull();
  });
});

describe('splitIntoThirds', () => {
  it('keeps the order and gives the first tables the extra rows', () => {
    const items = Array.from({ length: 10 }, (_, index) => index);
    expect(splitIntoThirds(items)).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ]);
    expect(splitIntoThirds([1, 2]).map((part) => part.length)).toEqual([1, 1, 0]);
    expect(splitIntoThirds([])).toEqual([[], [], []]);
    expect(splitIntoThirds([1, 2, 3, 4, 5, 6]).map((part) => part.length)).toEqual([2, 2, 2]);
  });
});
