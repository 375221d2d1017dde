import { describe, expect, it } from 'vitest';
import {
  HISTORICAL_MESSAGES,
  historicalListPath,
  historicalSearchError,
  parseHistoricalSegment,
  recordsTimestampOf,
  searchZoneLabel,
  splitIntoThirds,
} from './historical-search';

describe('searchZoneLabel', () => {
  // 2026-11-27 21:14 UTC: winter in Berlin and New York.
  const now = Date.UTC(2026, 10, 27, 21, 14, 0);

  it("names the site's zone the date and time are typed in, not the browser's", () => {
    expect(searchZoneLabel({ date: null, time: null }, 'Europe/Berlin', now)).toBe('Site time (CET)');
    expect(searchZoneLabel({ date: null, time: null }, 'America/New_York', now)).toBe('Site time (EST)');
    expect(searchZoneLabel({ date: null, time: null }, 'Asia/Kolkata', now)).toBe('Site time (Asia/Kolkata)');
  });

  it('names the zone in force at the chosen date and time', () => {
    expect(searchZoneLabel({ date: '2026-07-01', time: '12:00' }, 'Europe/Berlin', now)).toBe(
      'Site time (CEST)',
    );
    expect(searchZoneLabel({ date: '2026-07-01', time: null }, 'Europe/Berlin', now)).toBe(
      'Site time (CEST)',
    );
    // 02:30 on 2026-03-29 never shows in Berlin: the label stays that of now.
    expect(searchZoneLabel({ date: '2026-03-29', time: '02:30' }, 'Europe/Berlin', now)).toBe(
      'Site time (CET)',
    );
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
