import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_RATE_LIMITS, LoginRateLimiter } from './login-rate-limit';

const limits = {
  perAccountAndIp: { limit: 2, windowMs: 60 * 60_000 },
  perAccount: { limit: 4, windowMs: 60 * 60_000 },
  perIp: { limit: 10, windowMs: 60_000 },
  delay: { firstMs: 60_000, maxMs: 4 * 60_000 },
};

function failTimes(limiter: LoginRateLimiter, account: string, ip: string, times: number): void {
  for (let i = 0; i < times; i += 1) {
    limiter.recordAttempt(account, ip, false);
  }
}

describe('LoginRateLimiter', () => {
  it('makes only the failing address wait, for a window that doubles with each further failure', () => {
    let now = 0;
    const limiter = new LoginRateLimiter(limits, () => now);
    failTimes(limiter, 'ann', '1.1.1.1', 1);
    expect(limiter.retryAfterSeconds('ann', '1.1.1.1')).toBe(0);
    failTimes(limiter, 'ann', '1.1.1.1', 1);
    expect(limiter.retryAfterSeconds('ann', '1.1.1.1')).toBe(60);
    expect(limiter.retryAfterSeconds('ann', '2.2.2.2')).toBe(0);
    expect(limiter.retryAfterSeconds('bob', '1.1.1.1')).toBe(0);
    now = 60_000;
    expect(limiter.retryAfterSeconds('ann', '1.1.1.1')).toBe(0);
    failTimes(limiter, 'ann', '1.1.1.1', 1);
    expect(limiter.retryAfterSeconds('ann', '1.1.1.1')).toBe(120);
    now = 180_000;
    failTimes(limiter, 'ann', '1.1.1.1', 1);
    expect(limiter.retryAfterSeconds('ann', '1.1.1.1')).toBe(240);
    now = 420_000;
    failTimes(limiter, 'ann', '1.1.1.1', 1);
    expect(limiter.retryAfterSeconds('ann', '1.1.1.1')).toBe(240);
  });

  it('never blocks the owner on a clean address, however many addresses failed on the account', () => {
    const limiter = new LoginRateLimiter(DEFAULT_LOGIN_RATE_LIMITS, () => 0);
    for (let i = 0; i < 500; i += 1) {
      limiter.recordAttempt('ann', `10.0.${Math.floor(i / 250)}.${i % 250}`, false);
    }
    expect(limiter.retryAfterSeconds('ann', '192.0.2.1')).toBe(0);
  });

  it('makes every address that failed on an account under attack wait after its first failure', () => {
    const limiter = new LoginRateLimiter(limits, () => 0);
    failTimes(limiter, 'ann', 'a', 1);
    expect(limiter.retryAfterSeconds('ann', 'a')).toBe(0);
    for (const ip of ['b', 'c', 'd']) {
      failTimes(limiter, 'ann', ip, 1);
    }
    expect(limiter.retryAfterSeconds('ann', 'a')).toBe(60);
    expect(limiter.retryAfterSeconds('ann', 'e')).toBe(0);
    expect(limiter.retryAfterSeconds('bob', 'a')).toBe(0);
  });

  it('clears the account-and-address count after a success', () => {
    const limiter = new LoginRateLimiter(limits, () => 0);
    failTimes(limiter, 'ann', 'a', 1);
    limiter.recordAttempt('ann', 'a', true);
    failTimes(limiter, 'ann', 'a', 1);
    expect(limiter.retryAfterSeconds('ann', 'a')).toBe(0);
  });

  it('blocks an address after failures across many accounts, but not for successful sign-ins', () => {
    let now = 0;
    const limiter = new LoginRateLimiter(limits, () => now);
    for (let i = 0; i < 20; i += 1) {
      limiter.recordAttempt(`colleague${i}`, 'office', true);
    }
    expect(limiter.retryAfterSeconds('someone-new', 'office')).toBe(0);
    for (let i = 0; i < 10; i += 1) {
      limiter.recordAttempt(`guess${i}`, 'x', false);
    }
    expect(limiter.retryAfterSeconds('someone-new', 'x')).toBe(60);
    now = 60_001;
    expect(limiter.retryAfterSeconds('someone-new', 'x')).toBe(0);
  });
});
