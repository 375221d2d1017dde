import { afterEach, beforeEach, vi } from 'vitest';
import { LimitStore } from '../src/limits/limit-store';
import { uniqueRedisPrefix } from './services';

/** A store that counts in this process, as an instance without REDIS_URL does. */
export function openMemoryLimitStore(): LimitStore {
  return LimitStore.open({ redisUrl: undefined, prefix: '' });
}

/**
 * Two stores on one Redis under a prefix of their own (two instances sharing Redis), once both are connected:
 * a store counts in memory until its connection is ready.
 */
export async function openSharedLimitStores(redisUrl: string): Promise<[LimitStore, LimitStore]> {
  const prefix = uniqueRedisPrefix();
  const a = LimitStore.open({ redisUrl, prefix });
  const b = LimitStore.open({ redisUrl, prefix });
  await Promise.all([a.ready(), b.ready()]);
  return [a, b];
}

/**
 * Fakes the clock around each test of the enclosing block: the in-memory counters read Date.now and forget their
 * keys with timers, so vi.advanceTimersByTime moves both.
 */
export function useFakeClock(now = 0): void {
  beforeEach(() => {
    vi.useFakeTimers({ now });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Runs `check` on two limiters built by `build` on two stores sharing Redis (two instances), then closes both. */
export async function onTwoInstances<T>(
  redisUrl: string,
  build: (store: LimitStore) => T,
  check: (onA: T, onB: T) => Promise<void>,
): Promise<void> {
  const [a, b] = await openSharedLimitStores(redisUrl);
  try {
    await check(build(a), build(b));
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
}
