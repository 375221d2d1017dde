import { describe, expect, it, vi } from 'vitest';
import { onTwoInstances, openMemoryLimitStore, useFakeClock } from '../../../test/limit-stores';
import { requireService } from '../../../test/services';
import type { LimitStore } from '../../limits/limit-store';
import { ResetRateLimiter } from './reset-rate-limit';

// CI: TEST_REDIS_URL=redis://127.0.0.1:6379. Without it the shared count is skipped, and fails under CI=true.
const redisUrl = await requireService('redis');

const limits = {
  perIp: { limit: 4, windowMs: 60_000 },
  perIpAndEmail: { limit: 2, windowMs: 60_000 },
};

describe('ResetRateLimiter', () => {
  useFakeClock();

  it('limits one address per e-mail and overall, and never another address', async () => {
    const limiter = new ResetRateLimiter(openMemoryLimitStore(), limits);
    expect(await limiter.takeRequest('a', 'ann@x.test')).toBe(0);
    expect(await limiter.takeRequest('a', 'ANN@x.test')).toBe(0);
    expect(await limiter.takeRequest('a', 'ann@x.test')).toBe(60);
    expect(await limiter.takeRequest('b', 'ann@x.test')).toBe(0);
    expect(await limiter.takeRequest('a', 'nobody1@x.test')).toBe(0);
    expect(await limiter.takeRequest('a', 'nobody2@x.test')).toBe(0);
    expect(await limiter.takeRequest('a', 'nobody3@x.test')).toBe(60);
    vi.advanceTimersByTime(60_001);
    expect(await limiter.takeRequest('a', 'ann@x.test')).toBe(0);
  });

  it('does not count refused requests', async () => {
    const limiter = new ResetRateLimiter(openMemoryLimitStore(), limits);
    await limiter.takeRequest('a', 'ann@x.test');
    vi.advanceTimersByTime(30_000);
    await limiter.takeRequest('a', 'ann@x.test');
    for (let i = 0; i < 5; i += 1) {
      expect(await limiter.takeRequest('a', 'ann@x.test')).toBe(30);
    }
    vi.advanceTimersByTime(30_001);
    expect(await limiter.takeRequest('a', 'ann@x.test')).toBe(0);
    expect(await limiter.takeRequest('a', 'other@x.test')).toBe(0);
    expect(await limiter.takeRequest('a', 'third@x.test')).toBe(0);
  });
});

describe('ResetRateLimiter on Redis', () => {
  it.skipIf(redisUrl === undefined)('refuses on one instance the requests counted on another', async () => {
    const build = (store: LimitStore) => new ResetRateLimiter(store, limits);
    await onTwoInstances(redisUrl as string, build, async (onA, onB) => {
      expect(await onA.takeRequest('203.0.113.5', 'ann@x.test')).toBe(0);
      expect(await onA.takeRequest('203.0.113.5', 'ann@x.test')).toBe(0);
      expect(await onB.takeRequest('203.0.113.5', 'ann@x.test')).toBeGreaterThan(0);
      expect(await onB.takeRequest('203.0.113.6', 'ann@x.test')).toBe(0);
    });
  });
});
