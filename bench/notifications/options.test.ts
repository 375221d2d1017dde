import { describe, expect, it } from 'vitest';
import { parseNotificationsBenchOptions } from './options';

describe('parseNotificationsBenchOptions', () => {
  it("defaults to the issue's run: 5 million notifications over 200 sites and 180 days, 200 requests after 20", () => {
    expect(parseNotificationsBenchOptions([])).toEqual({
      rows: 5_000_000,
      sites: 200,
      days: 180,
      requests: 200,
      warmup: 20,
      escalationAlarms: 10_000,
      databaseUrl: null,
      keep: false,
      reuse: null,
      resultsDir: 'bench/results',
    });
  });

  it('reads a quick small run that keeps its database, and a run reusing it', () => {
    const quick = parseNotificationsBenchOptions([
      '--rows',
      '500000',
      '--sites',
      '20',
      '--requests',
      '20',
      '--keep',
    ]);
    expect(quick).toMatchObject({ rows: 500_000, sites: 20, requests: 20, keep: true, reuse: null });
    expect(parseNotificationsBenchOptions(['--escalation-alarms', '1000']).escalationAlarms).toBe(1000);
    expect(() => parseNotificationsBenchOptions(['--escalation-alarms', '0'])).toThrow(/escalation-alarms/);
    const reuse = parseNotificationsBenchOptions([
      '--reuse',
      'postgres://postgres@127.0.0.1:5432/vigil_bench_1',
    ]);
    expect(reuse.reuse).toBe('postgres://postgres@127.0.0.1:5432/vigil_bench_1');
  });

  it('refuses what cannot be measured', () => {
    expect(() => parseNotificationsBenchOptions(['--days', '30'])).toThrow("--days: invalid value '30'");
    expect(() => parseNotificationsBenchOptions(['--sites', '5'])).toThrow('--sites');
    expect(() => parseNotificationsBenchOptions(['--rows', '1.5'])).toThrow('--rows');
    expect(() => parseNotificationsBenchOptions(['--reuse', 'mysql://x'])).toThrow(
      '--reuse: expected postgres://',
    );
    expect(() => parseNotificationsBenchOptions(['--reuse', 'postgres://h/a', '--keep'])).toThrow(
      'without --database-url or --keep',
    );
    expect(() => parseNotificationsBenchOptions(['--pages', '3'])).toThrow();
  });
});
