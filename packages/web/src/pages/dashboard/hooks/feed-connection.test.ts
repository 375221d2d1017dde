import { describe, expect, it } from 'vitest';
import { feedUrl, reconnectDelayMs } from './feed-connection';

describe('live feed connection', () => {
  it('backs off from 1 s, doubling, up to 30 s', () => {
    const noJitter = () => 0;
    expect([0, 1, 2, 3, 4, 5, 6, 12].map((attempt) => reconnectDelayMs(attempt, noJitter))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(reconnectDelayMs(0, () => 1)).toBe(800);
  });
  it('opens the device feed on the page host, wss under https, without the token', () => {
    expect(feedUrl({ protocol: 'https:', host: 'vigil.example' }, 'W0300001')).toBe(
      'wss://vigil.example/ws/device-data/W0300001/',
    );
    expect(feedUrl({ protocol: 'http:', host: '127.0.0.1:8080' }, 'A B')).toBe(
      'ws://127.0.0.1:8080/ws/device-data/A%20B/',
    );
  });
});
