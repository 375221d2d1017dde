import { describe, expect, it } from 'vitest';
import { parseBenchOptions, pointsPerDevice, startDevices } from './options';

describe('parseBenchOptions', () => {
  it('defaults to a PostgreSQL search from 20,000 points/s (200 devices × 100 sensors at 1 Hz)', () => {
    const options = parseBenchOptions([]);
    expect(options).toMatchObject({
      sensors: 100,
      rate: 1,
      start: 20_000,
      maxDevices: 2500,
      growth: 1.5,
      stepSeconds: 20,
      warmup: 5,
      finalSeconds: 60,
      databaseUrl: null,
      pglite: false,
      feeds: 50,
      copyBatchRows: null,
    });
    expect(pointsPerDevice(options)).toBe(100);
    expect(startDevices(options)).toBe(200);
  });

  it('starts lower and provisions a smaller fleet on PGlite', () => {
    const options = parseBenchOptions(['--pglite']);
    expect(options).toMatchObject({ pglite: true, start: 5_000, maxDevices: 600 });
    expect(startDevices(options)).toBe(50);
  });

  it('reads a smoke run and keeps the first step within the fleet and above one device', () => {
    const options = parseBenchOptions(['--start', '2000', '--max-devices', '10', '--step-seconds', '3']);
    expect(options).toMatchObject({ start: 2000, maxDevices: 10, stepSeconds: 3 });
    expect(startDevices(options)).toBe(10);
    expect(startDevices(parseBenchOptions(['--start', '1']))).toBe(1);
  });

  it('takes a database URL or PGlite, not both', () => {
    expect(parseBenchOptions(['--database-url', 'postgres://u@h/db']).databaseUrl).toBe('postgres://u@h/db');
    expect(() => parseBenchOptions(['--database-url', 'postgres://u@h/db', '--pglite'])).toThrow(/not both/);
    expect(() => parseBenchOptions(['--database-url', 'mysql://h/db'])).toThrow(/postgres/);
  });

  it('refuses counts an F500 tree, the schedule or the search cannot honour', () => {
    expect(() => parseBenchOptions(['--sensors', '7'])).toThrow(/--sensors/);
    expect(() => parseBenchOptions(['--max-devices', '0'])).toThrow(/--max-devices/);
    expect(() => parseBenchOptions(['--rate', '0'])).toThrow(/--rate/);
    expect(() => parseBenchOptions(['--growth', '1'])).toThrow(/--growth/);
    expect(() => parseBenchOptions(['--step-seconds', ''])).toThrow(/--step-seconds/);
    expect(() => parseBenchOptions(['--devices', '20'])).toThrow();
  });
});
