import { describe, expect, it } from 'vitest';
import { parseApiBenchOptions } from './options';

describe('parseApiBenchOptions', () => {
  it('defaults to 10 s steps at 1, 10 and 50 connections on a throw-away database', () => {
    expect(parseApiBenchOptions([])).toEqual({
      seconds: 10,
      warmup: 3,
      connections: [1, 10, 50],
      sites: 3,
      devices: 30,
      databaseUrl: null,
      resultsDir: 'bench/results',
      cpuProfileDir: null,
    });
  });

  it('sorts the concurrency levels and drops repeats', () => {
    expect(parseApiBenchOptions(['--connections', '50, 5,5']).connections).toEqual([5, 50]);
  });

  it('refuses levels, durations and fleets it cannot run', () => {
    expect(() => parseApiBenchOptions(['--connections', '10,0'])).toThrow(/--connections/);
    expect(() => parseApiBenchOptions(['--connections', 'ten'])).toThrow(/--connections/);
    expect(() => parseApiBenchOptions(['--seconds', '0'])).toThrow(/--seconds/);
    expect(() => parseApiBenchOptions(['--sites', '4', '--devices', '3'])).toThrow(/--devices/);
    expect(() => parseApiBenchOptions(['--database-url', 'mysql://h/db'])).toThrow(/postgres/);
    expect(() => parseApiBenchOptions(['--bogus'])).toThrow();
  });
});
