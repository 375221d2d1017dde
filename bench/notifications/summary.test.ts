import { describe, expect, it } from 'vitest';
import { latencyFigures } from '../graphs/summary';
import { escalationResult } from './escalation-example';
import { type CallResult, formatSummary, type NotificationsBenchSummary, verdictOf } from './summary';

const call = (name: string, apiMs: number[]): CallResult => {
  const api = latencyFigures(apiMs);
  return {
    reader: 'super user',
    call: name,
    sites: 'any site',
    api,
    floor: latencyFigures([1, 2, 3]),
    matched: { min: 5000, max: 7000, mean: 6000 },
    verdict: verdictOf(api.p95Ms),
  };
};

describe('verdictOf', () => {
  it('passes under 50 ms only', () => {
    expect(verdictOf(40)).toEqual({ limitMs: 50, p95Ms: 40, ratio: 0.8, pass: true });
    expect(verdictOf(50).pass).toBe(false);
    expect(verdictOf(null).pass).toBe(false);
  });
});

describe('formatSummary', () => {
  it('prints each call beside its SQL, the ratio to the limit and a verdict line', () => {
    const summary: NotificationsBenchSummary = {
      date: '2026-11-24T08:00:00.000Z',
      machine: {
        cpus: 2,
        cpuModel: 'CPU',
        node: 'v20',
        database: 'PostgreSQL 15',
        commit: 'abc',
        loadAverage: { before: [1, 2, 3], after: [1.5, 2, 3] },
        machineBusy: 0.5,
      },
      options: {
        rows: 5_000_000,
        sites: 200,
        busySites: 20,
        days: 180,
        requests: 3,
        warmup: 1,
        reused: false,
      },
      seed: {
        rows: 5_000_000,
        insertSeconds: 300,
        rowsPerSecond: 16_667,
        vacuumSeconds: 20,
        tableMb: 900,
        indexesMb: 1500,
      },
      calls: [call('list page 1', [10, 20, 30]), call('list page 200', [60, 70, 80])],
      plans: [
        {
          query: 'index lookup, page 1',
          scans: ['Index Only Scan on notifications_location_type_created_idx'],
          indexOnly: true,
          heapFetches: 0,
          sharedHit: 70,
          sharedRead: 0,
          executionMs: 1.2,
        },
      ],
      escalation: escalationResult([30, 40, 60], [1, 2, 3]),
      target: { limitMs: 50, pass: false },
    };
    const text = formatSummary(summary);
    expect(text).toContain('5,000,000 notifications over 200 sites (20 busy) and 180 days');
    expect(text).toContain('load average 1.00 2.00 3.00 before');
    expect(text).toContain(
      '| super user | list page 1 | any site | 5,000–7,000 | 20.0 | 30.0 | 2.0 | 3.0 | 0.60 × | PASS |',
    );
    expect(text).toContain('FAIL: super user, list page 200: p95 80.0 ms ÷ 50 ms = 1.60');
    expect(text).toContain('Index Only Scan on notifications_location_type_created_idx, heap fetches 0');
    expect(text).toContain('PASS: escalation tick p95 60.00 ms ÷ floor p95 3.00 ms');
  });
});
