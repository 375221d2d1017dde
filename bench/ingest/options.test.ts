import { describe, expect, it } from 'vitest';
import { offeredPointsPerSecond, parseBenchOptions } from './options';

describe('parseBenchOptions', () => {
  it('defaults to the target load: 1,000 devices × 100 sensors at 1 Hz for 60 s after 10 s', () => {
    const options = parseBenchOptions([]);
    expect(options).toMatchObject({
      devices: 1000,
      sensors: 100,
      rate: 1,
      seconds: 60,
      warmup: 10,
      databaseUrl: null,
      pglite: false,
      feeds: 50,
      copyBatchRows: null,
    });
    expect(offeredPointsPerSecond(options)).toBe(100_000);
  });

  it('reads the smoke run and watches no more feeds than there are devices', () => {
    const options = parseBenchOptions(['--devices', '20', '--seconds', '5', '--warmup', '1']);
    expect(options).toMatchObject({ devices: 20, seconds: 5, warmup: 1, feeds: 20 });
  });

  it('takes a database URL or PGlite, not both', () => {
    expect(parseBenchOptions(['--database-url', 'postgres://u@h/db']).databaseUrl).toBe('postgres://u@h/db');
    expect(() => parseBenchOptions(['--database-url', 'postgres://u@h/db', '--pglite'])).toThrow(/not both/);
    expect(() => parseBenchOptions(['--database-url', 'mysql://h/db'])).toThrow(/postgres/);
  });

  it('refuses counts an F500 tree or the schedule cannot honour', () => {
    expect(() => parseBenchOptions(['--sensors', '7'])).toThrow(/--sensors/);
    expect(() => parseBenchOptions(['--devices', '0'])).toThrow(/--devices/);
    expect(() => parseBenchOptions(['--rate', '0'])).toThrow(/--rate/);
    expect(() => parseBenchOptions(['--seconds', ''])).toThrow(/--seconds/);
    expect(() => parseBenchOptions(['--bogus'])).toThrow();
  });
});
