import { describe, expect, it } from 'vitest';
import { ResetRateLimiter } from './reset-rate-limit';

const limits = {
  perIp: { limit: 4, windowMs: 60_000 },
  perIpAndEmail: { limit: 2, windowMs: 60_000 },
};

describe('ResetRateLimiter', () => {
  it('limits one address per e-mail and overall, and never another address', () => {
    let now = 0;
    const limiter = new ResetRateLimiter(limits, () => now);
    expect(limiter.takeRequest('a', 'ann@x.test')).toBe(0);
    expect(limiter.takeRequest('a', 'ANN@x.test')).toBe(0);
    expect(limiter.takeRequest('a', 'ann@x.test')).toBe(60);
    expect(limiter.takeRequest('b', 'ann@x.test')).toBe(0);
    expect(limiter.takeRequest('a', 'nobody1@x.test')).toBe(0);
    expect(limiter.takeRequest('a', 'nobody2@x.test')).toBe(0);
    expect(limiter.takeRequest('a', 'nobody3@x.test')).toBe(60);
    now = 60_001;
    expect(limiter.takeRequest('a', 'ann@x.test')).toBe(0);
  });

  it('does not count refused requests', () => {
    let now = 0;
    const limiter = new ResetRateLimiter(limits, () => now);
    limiter.takeRequest('a', 'ann@x.test');
    now = 30_000;
    limiter.takeRequest('a', 'ann@x.test');
    for (let i = 0; i < 5; i += 1) {
      limiter.takeRequest('a', 'ann@x.test');
    }
    now = 60_001;
    expect(limiter.takeRequest('a', 'ann@x.test')).toBe(0);
  });
});
