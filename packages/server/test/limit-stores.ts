import { randomBytes } from 'node:crypto';
import { LimitStore } from '../src/limits/limit-store';

/** A store that counts in this process, as an instance without REDIS_URL does. */
export function openMemoryLimitStore(): LimitStore {
  return LimitStore.open({ redisUrl: undefined, prefix: '' });
}

/**
 * Two stores on one Redis under a prefix of their own (two instances sharing Redis), once both are connected:
 * a store counts in memory until its connection is ready.
 */
export async function openSharedLimitStores(redisUrl: string): Promise<[LimitStore, LimitStore]> {
  const prefix = `vigil-test-${process.pid}-${randomBytes(4).toString('hex')}:`;
  const a = LimitStore.open({ redisUrl, prefix });
  const b = LimitStore.open({ redisUrl, prefix });
  await Promise.all([a.ready(), b.ready()]);
  return [a, b];
}
