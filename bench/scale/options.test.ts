import { describe, expect, it } from 'vitest';
import { devicesFor, parseScaleOptions, peopleFor } from './options';

describe('parseScaleOptions', () => {
  it('runs in under ten minutes by default: short steps, a private broker, 1,000 sockets', () => {
    const options = parseScaleOptions([]);
    expect(options).toMatchObject({
      stepSeconds: 8,
      warmup: 3,
      maxSteps: 7,
      sockets: 1000,
      mqttUrl: null,
      mqttConsumers: null,
      start: 5000,
      redisUrl: 'redis://127.0.0.1:6379',
      databaseUrl: null,
    });
  });

  it('takes the services from the command line', () => {
    const options = parseScaleOptions([
      '--mqtt-url',
      'mqtt://127.0.0.1:1883',
      '--redis-url',
      'redis://127.0.0.1:6380',
      '--database-url',
      'postgres://postgres@127.0.0.1/empty',
      '--sockets',
      '0',
      '--mqtt-consumers',
      '32',
    ]);
    expect(options.mqttConsumers).toBe(32);
    expect(options.mqttUrl).toBe('mqtt://127.0.0.1:1883');
    expect(options.redisUrl).toBe('redis://127.0.0.1:6380');
    expect(options.databaseUrl).toBe('postgres://postgres@127.0.0.1/empty');
    expect(options.sockets).toBe(0);
  });

  it('refuses a URL of the wrong kind, an unknown flag and more probe feeds than one person may open', () => {
    expect(() => parseScaleOptions(['--mqtt-url', 'http://x'])).toThrow(/--mqtt-url/);
    expect(() => parseScaleOptions(['--instances', '3'])).toThrow();
    expect(() => parseScaleOptions(['--feeds', '41'])).toThrow(/--feeds/);
    expect(() => parseScaleOptions(['--step-seconds', '1'])).toThrow(/--step-seconds/);
  });
});

describe('devicesFor and peopleFor', () => {
  it('turns points a second into whole devices within the fleet', () => {
    const options = { sensors: 100, rate: 1, maxDevices: 150 };
    expect(devicesFor(options, 20_000)).toBe(150);
    expect(devicesFor(options, 4_040)).toBe(40);
    expect(devicesFor(options, 10)).toBe(1);
  });

  it('signs in enough people for 20 sockets each on each instance', () => {
    expect(peopleFor(1000, 2)).toBe(25);
    expect(peopleFor(200, 2)).toBe(5);
    expect(peopleFor(41, 2)).toBe(2);
  });
});
