import { describe, expect, it, vi } from 'vitest';
import { onTwoInstances, openMemoryLimitStore, useFakeClock } from '../../../test/limit-stores';
import { requireService } from '../../../test/services';
import type { LimitStore } from '../../limits/limit-store';
import { VerifyRateLimiter } from './verify-rate-limit';

// CI: TEST_REDIS_URL=redis://127.0.0.1:6379. Without it the shared count is skipped, and fails under CI=true.
const redisUrl = await requireService('redis');

const rule = { limit: 3, windowMs: 60_000 };

describe('wrong two-factor codes', () => {
  useFakeClock(1_000_000);

  it('blocks a user after the limit until the window has passed, without touching others', async () => {
    const limiter = new VerifyRateLimiter(openMemoryLimitStore(), rule);
    for (let i = 0; i < 3; i += 1) {
      expect(await limiter.retryAfterSeconds(7)).toBe(0);
      await limiter.recordFailure(7);
      vi.advanceTimersByTime(1_000);
    }
    expect(await limiter.retryAfterSeconds(7)).toBe(57);
    expect(await limiter.retryAfterSeconds(8)).toBe(0);
    vi.advanceTimersByTime(57_000);
    expect(await limiter.retryAfterSeconds(7)).toBe(0);
  });
});

describe('wrong two-factor codes on Redis', () => {
  it.skipIf(redisUrl === undefined)('blocks on one instance a user who failed on another', async () => {
    const build = (store: LimitStore) => new VerifyRateLimiter(store, rule);
    await onTwoInstances(redisUrl as string, build, async (onA, onB) => {
      for (let i = 0; i < 3; i += 1) {
        await onA.recordFailure(7);
      }
      expect(await onB.retryAfterSeconds(7)).toBeGreaterThan(0);
      expect(await onB.retryAfterSeconds(8)).toBe(0);
    });
  });
});
