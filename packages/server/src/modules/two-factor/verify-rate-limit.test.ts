import { describe, expect, it } from 'vitest';
import { VerifyRateLimiter } from './verify-rate-limit';

describe('wrong two-factor codes', () => {
  it('blocks a user after the limit until the window has passed, without touching others', () => {
    let now = 1_000_000;
    const limiter = new VerifyRateLimiter({ limit: 3, windowMs: 60_000 }, () => now);
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.retryAfterSeconds(7)).toBe(0);
      limiter.recordFailure(7);
      now += 1_000;
    }
    expect(limiter.retryAfterSeconds(7)).toBe(57);
    expect(limiter.retryAfterSeconds(8)).toBe(0);
    now += 57_000;
    expect(limiter.retryAfterSeconds(7)).toBe(0);
  });
});
