import { describe, expect, it, vi } from 'vitest';
import { onTwoInstances, openMemoryLimitStore, useFakeClock } from '../../../test/limit-stores';
import { requireService } from '../../../test/services';
import type { LimitStore } from '../../limits/limit-store';
import { DEFAULT_LOGIN_RATE_LIMITS, LoginRateLimiter } from './login-rate-limit';

// CI: TEST_REDIS_URL=redis://127.0.0.1:6379. Without it the shared count is skipped, and fails under CI=true.
const redisUrl = await requireService('redis');

const limits = {
  perAccountAndIp: { limit: 2, windowMs: 60 * 60_000 },
  perAccount: { limit: 4, windowMs: 60 * 60_000 },
  perIp: { limit: 10, windowMs: 60_000 },
  delay: { firstMs: 60_000, maxMs: 4 * 60_000 },
};

async function failTimes(
  limiter: LoginRateLimiter,
  account: string,
  ip: string,
  times: number,
): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    await limiter.recordAttempt(account, ip, false);
  }
}

describe('LoginRateLimiter', () => {
  useFakeClock();

  it('makes only the failing address wait, for a window that doubles with each further failure', async () => {
    const limiter = new LoginRateLimiter(openMemoryLimitStore(), limits);
    await failTimes(limiter, 'ann', '1.1.1.1', 1);
    expect(await limiter.retryAfterSeconds('ann', '1.1.1.1')).toBe(0);
    await failTimes(limiter, 'ann', '1.1.1.1', 1);
    expect(await limiter.retryAfterSeconds('ann', '1.1.1.1')).toBe(60);
    expect(await limiter.retryAfterSeconds('ann', '2.2.2.2')).toBe(0);
    expect(await limiter.retryAfterSeconds('bob', '1.1.1.1')).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(await limiter.retryAfterSeconds('ann', '1.1.1.1')).toBe(0);
    await failTimes(limiter, 'ann', '1.1.1.1', 1);
    expect(await limiter.retryAfterSeconds('ann', '1.1.1.1')).toBe(120);
    vi.advanceTimersByTime(120_000);
    await failTimes(limiter, 'ann', '1.1.1.1', 1);
    expect(await limiter.retryAfterSeconds('ann', '1.1.1.1')).toBe(240);
    vi.advanceTimersByTime(240_000);
    await failTimes(limiter, 'ann', '1.1.1.1', 1);
    expect(await limiter.retryAfterSeconds('ann', '1.1.1.1')).toBe(240);
  });

  it('never blocks the owner on a clean address, however many addresses failed on the account', async () => {
    const limiter = new LoginRateLimiter(openMemoryLimitStore(), DEFAULT_LOGIN_RATE_LIMITS);
    for (let i = 0; i < 500; i += 1) {
      await limiter.recordAttempt('ann', `10.0.${Math.floor(i / 250)}.${i % 250}`, false);
    }
    expect(await limiter.retryAfterSeconds('ann', '192.0.2.1')).toBe(0);
  });

  it('makes every address that failed on an account under attack wait after its first failure', async () => {
    const limiter = new LoginRateLimiter(openMemoryLimitStore(), limits);
    await failTimes(limiter, 'ann', 'a', 1);
    expect(await limiter.retryAfterSeconds('ann', 'a')).toBe(0);
    vi.advanceTimersByTime(10_000);
    for (const ip of ['b', 'c', 'd']) {
      await failTimes(limiter, 'ann', ip, 1);
    }
    // The wait runs from the address's own last failure, 10 s ago.
    expect(await limiter.retryAfterSeconds('ann', 'a')).toBe(50);
    expect(await limiter.retryAfterSeconds('ann', 'e')).toBe(0);
    expect(await limiter.retryAfterSeconds('bob', 'a')).toBe(0);
  });

  it('clears the account-and-address count after a success', async () => {
    const limiter = new LoginRateLimiter(openMemoryLimitStore(), limits);
    await failTimes(limiter, 'ann', 'a', 1);
    await limiter.recordAttempt('ann', 'a', true);
    await failTimes(limiter, 'ann', 'a', 1);
    expect(await limiter.retryAfterSeconds('ann', 'a')).toBe(0);
  });

  it('blocks an address after failures across many accounts, but not for successful sign-ins', async () => {
    const limiter = new LoginRateLimiter(openMemoryLimitStore(), limits);
    for (let i = 0; i < 20; i += 1) {
      await limiter.recordAttempt(`colleague${i}`, 'office', true);
    }
    expect(await limiter.retryAfterSeconds('someone-new', 'office')).toBe(0);
    for (let i = 0; i < 10; i += 1) {
      await limiter.recordAttempt(`guess${i}`, 'x', false);
    }
    expect(await limiter.retryAfterSeconds('someone-new', 'x')).toBe(60);
    vi.advanceTimersByTime(60_001);
    expect(await limiter.retryAfterSeconds('someone-new', 'x')).toBe(0);
  });

  it('keeps the sign-in and old-password counts apart on one store', async () => {
    const store = openMemoryLimitStore();
    const signIn = new LoginRateLimiter(store, limits);
    const oldPassword = new LoginRateLimiter(store, limits, 'password-change');
    await failTimes(signIn, 'ann', 'a', 2);
    expect(await signIn.retryAfterSeconds('ann', 'a')).toBe(60);
    expect(await oldPassword.retryAfterSeconds('ann', 'a')).toBe(0);
  });
});

describe('LoginRateLimiter on Redis', () => {
  it.skipIf(redisUrl === undefined)('makes a pair that failed on one instance wait on another', async () => {
    const build = (store: LimitStore) => new LoginRateLimiter(store, limits);
    await onTwoInstances(redisUrl as string, build, async (onA, onB) => {
      await failTimes(onA, 'ann@example.test', '203.0.113.5', 2);
      const wait = await onB.retryAfterSeconds('ann@example.test', '203.0.113.5');
      expect(wait).toBeGreaterThan(55);
      expect(wait).toBeLessThanOrEqual(60);
      expect(await onB.retryAfterSeconds('ann@example.test', '203.0.113.6')).toBe(0);
      await onB.recordAttempt('ann@example.test', '203.0.113.5', true);
      expect(await onA.retryAfterSeconds('ann@example.test', '203.0.113.5')).toBe(0);
    });
  });
});
