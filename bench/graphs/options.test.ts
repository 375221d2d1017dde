import { describe, expect, it } from 'vitest';
import { parseGraphsBenchOptions, plannedPoints } from './options';

describe('parseGraphsBenchOptions', () => {
  it("defaults to the issue's run: 10 devices × 100 sensors × 30 days, 50 calls after 5, capacity at 1, 2, 4", () => {
    const options = parseGraphsBenchOptions([]);
    expect(options).toEqual({
      devices: 10,
      sensors: 100,
      days: 30,
      requests: 50,
      warmup: 5,
      clients: [1, 2, 4],
      capacitySeconds: 15,
      databaseUrl: null,
      keep: false,
      reuse: null,
      resultsDir: 'bench/results',
      cpuProfileDir: null,
    });
    expect(plannedPoints(options)).toBe(43_200_000);
  });

  it('reads a quick small run', () => {
    const options = parseGraphsBenchOptions([
      '--devices',
      '2',
      '--sensors',
      '20',
      '--days',
      '2',
      '--clients',
      '1, 3',
      '--capacity-seconds',
      '2.5',
      '--keep',
      '--cpu-prof',
      '/tmp/prof',
    ]);
    expect(options).toMatchObject({
      devices: 2,
      sensors: 20,
      days: 2,
      clients: [1, 3],
      capacitySeconds: 2.5,
    });
    expect(options.keep).toBe(true);
    expect(options.cpuProfileDir).toBe('/tmp/prof');
    expect(plannedPoints(options)).toBe(2 * 20 * 2 * 1440);
  });

  it('takes a PostgreSQL URL only', () => {
    expect(parseGraphsBenchOptions(['--database-url', 'postgres://u@h/db']).databaseUrl).toBe(
      'postgres://u@h/db',
    );
    expect(() => parseGraphsBenchOptions(['--database-url', 'mysql://h/db'])).toThrow(/postgres/);
    expect(() => parseGraphsBenchOptions(['--reuse', 'h/db'])).toThrow(/--reuse: expected postgres/);
  });

  it('reuses a kept database on its own', () => {
    expect(parseGraphsBenchOptions(['--reuse', 'postgres://u@h/kept']).reuse).toBe('postgres://u@h/kept');
    expect(() => parseGraphsBenchOptions(['--reuse', 'postgres://u@h/kept', '--keep'])).toThrow(/--reuse/);
    expect(() =>
      parseGraphsBenchOptions(['--reuse', 'postgres://u@h/kept', '--database-url', 'postgres://u@h/other']),
    ).toThrow(/--reuse/);
  });

  it('refuses what the server or the bench cannot do', () => {
    expect(() => parseGraphsBenchOptions(['--days', '36'])).toThrow(/--days/); // past raw retention
    expect(() => parseGraphsBenchOptions(['--days', '0'])).toThrow(/--days/);
    expect(() => parseGraphsBenchOptions(['--sensors', '2001'])).toThrow(/--sensors/); // over the tree limit
    expect(() => parseGraphsBenchOptions(['--devices', '1.5'])).toThrow(/--devices/);
    expect(() => parseGraphsBenchOptions(['--requests', '0'])).toThrow(/--requests/);
    expect(() => parseGraphsBenchOptions(['--clients', '1,x'])).toThrow(/--clients/);
    expect(() => parseGraphsBenchOptions(['--clients', '0'])).toThrow(/--clients/);
    expect(() => parseGraphsBenchOptions(['--bogus'])).toThrow();
  });
});
