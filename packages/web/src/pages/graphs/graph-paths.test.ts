import { describe, expect, it } from 'vitest';
import {
  graphsTimestampOf,
  historicalGraphsPath,
  liveGraphsPath,
  readZoomRange,
  siteMonthStartOf,
  withZoomRange,
} from './graph-paths';

describe('graph addresses', () => {
  it('builds the live and historical routes of M section 2', () => {
    expect(liveGraphsPath()).toBe('/graphs');
    expect(liveGraphsPath('3')).toBe('/graphs/3');
    expect(historicalGraphsPath({ date: '2026-11-01', time: '08:30' })).toBe(
      '/graphs/historical/graphs/2026-11-01&08:30',
    );
    expect(historicalGraphsPath({ date: '2026-11-01', time: '08:30' }, '3')).toBe(
      '/graphs/historical/graphs/2026-11-01&08:30/3',
    );
    expect(graphsTimestampOf({ date: '2026-11-01', time: '08:30' })).toBe('2026-11-01 08:30:00');
  });

  it('keeps a zoom range in ?from=&to= (ms) and ignores anything else', () => {
    const params = withZoomRange(new URLSearchParams('x=1'), { from: 1000.4, to: 2000.2 });
    expect(params.toString()).toBe('x=1&from=1000&to=2001');
    expect(readZoomRange(params)).toEqual({ from: 1000, to: 2001 });
    expect(readZoomRange(new URLSearchParams('from=2000&to=1000'))).toBeNull();
    expect(readZoomRange(new URLSearchParams('from=abc&to=1000'))).toBeNull();
    expect(readZoomRange(new URLSearchParams('from=1'))).toBeNull();
    expect(withZoomRange(params, null).toString()).toBe('x=1');
  });
});

describe('the historical default', () => {
  it("is the first of the site's month, not the browser's", () => {
    // 2026-12-01 03:00 UTC is still 30 November in Chicago.
    const now = Date.UTC(2026, 11, 1, 3, 0, 0);
    expect(siteMonthStartOf(now, 'America/Chicago')).toEqual({ date: '2026-11-01', time: '00:00' });
    expect(siteMonthStartOf(now, 'Europe/Berlin')).toEqual({ date: '2026-12-01', time: '00:00' });
  });
});
