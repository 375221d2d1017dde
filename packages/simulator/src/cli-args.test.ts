import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args';

describe('parseCliArgs', () => {
  it('reads devices, rate, broker, types and seed', () => {
    const options = parseCliArgs([
      '--devices',
      '5',
      '--rate',
      '2',
      '--broker',
      'mqtt://b:1883',
      '--types',
      'f500,0300',
    ]);
    expect(options).toMatchObject({
      devices: 5,
      rate: 2,
      transport: { kind: 'mqtt', brokerUrl: 'mqtt://b:1883' },
      types: ['F500', '0300'],
      seed: 1,
      controlPort: null,
    });
  });

  it('chooses HTTP ingest with --http', () => {
    expect(parseCliArgs(['--http', 'http://localhost:3000']).transport).toEqual({
      kind: 'http',
      baseUrl: 'http://localhost:3000',
    });
  });

  it('reads a sensor count for F500 types only', () => {
    expect(parseCliArgs(['--types', 'F500,F500-UDF', '--sensors', '100']).sensors).toBe(100);
    expect(parseCliArgs([]).sensors).toBeNull();
    expect(() => parseCliArgs(['--sensors', '100'])).toThrow(/--types F500/);
    expect(() => parseCliArgs(['--types', 'F500,0300', '--sensors', '100'])).toThrow(/--types F500/);
    expect(() => parseCliArgs(['--types', 'F500', '--sensors', '7'])).toThrow(/--sensors/);
  });

  it('refuses both transports, unknown types and a zero rate', () => {
    expect(() => parseCliArgs(['--http', 'http://a', '--broker', 'mqtt://b'])).toThrow(/either/);
    expect(() => parseCliArgs(['--types', 'T9000'])).toThrow(/unknown device type/);
    expect(() => parseCliArgs(['--rate', '0'])).toThrow(/--rate/);
  });
});
