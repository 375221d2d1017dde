import { describe, expect, it } from 'vitest';
import { openMemoryLimitStore, openSharedLimitStores } from '../../test/limit-stores';
import { requireService } from '../../test/services';
import { LimitStore } from './limit-store';

// CI: TEST_REDIS_URL=redis://127.0.0.1:6379. Without it the shared count is skipped, and fails under CI=true.
const redisUrl = await requireService('redis');

describe('limit counters', () => {
  const rule = { points: 2, durationSeconds: 60 };

  it('counts in memory without Redis: points, then the wait, per key', async () => {
    const store = LimitStore.open({ redisUrl: undefined, prefix: '' });
    const counter = store.counter('memory', rule);
    expect(store.isShared).toBe(false);
    expect(await counter.take('a')).toBe(0);
    expect(await counter.take('a')).toBe(0);
    const wait = await counter.take('a');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await counter.take('b')).toBe(0);
    await counter.add('c');
    expect(await counter.peek('c')).toMatchObject({ used: 1 });
    expect(await counter.peek('unknown')).toEqual({ used: 0, resetSeconds: 0 });
    await store.close();
  });

  it('blocks a key for the seconds given and forgets a deleted one', async () => {
    const counter = openMemoryLimitStore().counter('block', rule);
    expect(await counter.waitSeconds('a')).toBe(0);
    await counter.block('a', 90);
    expect(await counter.waitSeconds('a')).toBe(90);
    expect(await counter.take('a')).toBeGreaterThan(0);
    await counter.delete('a');
    expect(await counter.waitSeconds('a')).toBe(0);
    expect(await counter.add('a')).toBe(1);
  });

  it('counts in memory, neither failing nor hanging, while Redis cannot be reached', async () => {
    const store = LimitStore.open({ redisUrl: 'redis://127.0.0.1:1', prefix: 'unreachable:' });
    const counter = store.counter('fallback', rule);
    expect(await counter.take('a')).toBe(0);
    expect(await counter.take('a')).toBe(0);
    expect(await counter.take('a')).toBeGreaterThan(0);
    await store.close();
  });

  it.skipIf(redisUrl === undefined)('shares one count between two stores on one Redis', async () => {
    const [a, b] = await openSharedLimitStores(redisUrl as string);
    const counterA = a.counter('shared', rule);
    const counterB = b.counter('shared', rule);
    expect(await counterA.take('k')).toBe(0);
    expect(await counterB.take('k')).toBe(0);
    expect(await counterA.take('k')).toBeGreaterThan(0);
    await a.close();
    await b.close();
  });
});
