import { describe, expect, it } from 'vitest';
import { judgeFloorStep } from './receive-floor';

describe('judgeFloorStep', () => {
  const acks = (ms: number, count = 100) => Array.from({ length: count }, () => ms);

  it('holds when every offered tree was sent and parsed, acknowledged within 1 s at p99', () => {
    expect(judgeFloorStep(100, 100, { publishedInWindow: 100, ackLatenciesMs: acks(200) })).toEqual({
      sentShare: 1,
      ackP99Ms: 200,
      held: true,
    });
  });

  it('falls behind when the generator could not send, the broker did not parse, or PUBACKs were late', () => {
    expect(judgeFloorStep(100, 90, { publishedInWindow: 90, ackLatenciesMs: acks(200) }).held).toBe(false);
    expect(judgeFloorStep(100, 90, { publishedInWindow: 100, ackLatenciesMs: acks(200) }).held).toBe(false);
    expect(judgeFloorStep(100, 100, { publishedInWindow: 100, ackLatenciesMs: acks(1000) }).held).toBe(false);
    expect(judgeFloorStep(100, 0, { publishedInWindow: 0, ackLatenciesMs: [] })).toEqual({
      sentShare: 0,
      ackP99Ms: null,
      held: false,
    });
  });
});
