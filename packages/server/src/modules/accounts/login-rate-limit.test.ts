import { describe, expect, it } from 'vitest';
import { LoginRateLimiter } from './login-rate-limit';

const limits = {
  perAccountAndIp: { limit: 2, windowMs: 60_000 },
  perAccount: { limit: 4, windowMs: 60_000 },
  perIp: { limit: 10, windowMs: 60_000 },
};

describe('LoginRateLimiter', () => {
  it('blocks an account from one address after its failures and frees it when the window passes', () => {
    let now = 0;
    const limiter = new LoginRateLimiter(limits, () => now);
    limiter.recordAttempt('ann', '1.1.1.1', false);
    expect(limiter.retryAfterSeconds('ann', '1.1.1.1')).toBe(0);
    limiter.recordAttempt('ann', '1.1.1.1', false);
    expect(limiter.retryAfterSeconds('ann', '1.1.1.1')).toBe(60);
    expect(limiter.retryAfterSeconds('ann', '2.2.2.2')).toBe(0);
    expect(limiter.retryAfterSeconds('bob', '1.1.1.1')).toBe(0);
    now = 60_001;
    expect(limiter.retryAfterSeconds('ann', '1.1.1.1')).toBe(0);
  });

  it('blocks an account attacked from many addresses only at the higher per-account limit', () => {
    const limiter = new LoginRateLimiter(limits, () => 0);
    for (const ip of ['a', 'b', 'c', 'd']) {
      limiter.recordAttempt('ann', ip, false);
    }
    expect(limiter.retryAfterSeconds('ann', 'e')).toBeGreaterThan(0);
    expect(limiter.retryAfterSeconds('bob', 'e')).toBe(0);
  });

  it('clears the account-and-address count after a success', () => {
    const limiter = new LoginRateLimiter(limits, () => 0);
    limiter.recordAttempt('ann', 'a', false);
    limiter.recordAttempt('ann', 'a', true);
    limiter.recordAttempt('ann', 'a', false);
    expect(limiter.retryAfterSeconds('ann', 'a')).toBe(0);
  });

  it('blocks an address after failures across many accounts, but not for successful sign-ins', () => {
    const limiter = new LoginRateLimiter(limits, () => 0);
    for (let i = 0; i < 20; i += 1) {
      limiter.recordAttempt(`colleague${i}`, 'office', true);
    }
    expect(limiter.retryAfterSeconds('someone-new', 'office')).toBe(0);
    for (let i = 0; i < 10; i += 1) {
      limiter.recordAttempt(`guess${i}`, 'x', false);
    }
    expect(limiter.retryAfterSeconds('someone-new', 'x')).toBeGreaterThan(0);
  });
});
