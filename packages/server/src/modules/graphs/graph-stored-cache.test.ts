import { describe, expect, it } from 'vitest';
import { createFlatBuckets, type FlatBuckets, flatBucketsBytes } from './graph-flat-buckets';
import { StoredBucketsCache } from './graph-stored-cache';

const HOUR = 3_600_000;
const columnsOf = (buckets: number): Map<number, FlatBuckets> => new Map([[1, createFlatBuckets(buckets)]]);

describe('StoredBucketsCache', () => {
  it('keeps at most `entries` entries, the least recently used out first', () => {
    const cache = new StoredBucketsCache({ entries: 2, bytes: 1e9, maxAgeMs: HOUR });
    cache.set('a', 'a', columnsOf(10));
    cache.set('b', 'b', columnsOf(10));
    expect(cache.get('a')).toBeDefined();
    cache.set('c', 'c', columnsOf(10));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.stats().entries).toBe(2);
  });

  it('keeps the approximate bytes under the bound, and never an entry larger than it', () => {
    const oneEntry = flatBucketsBytes(createFlatBuckets(1000)) + 1000;
    const cache = new StoredBucketsCache({ entries: 100, bytes: 2 * oneEntry, maxAgeMs: HOUR });
    cache.set('a', 'a', columnsOf(1000));
    cache.set('b', 'b', columnsOf(1000));
    cache.set('c', 'c', columnsOf(1000));
    expect(cache.stats().entries).toBe(2);
    expect(cache.stats().bytes).toBeLessThanOrEqual(2 * oneEntry);
    expect(cache.get('a')).toBeUndefined();
    cache.set('huge', 'huge', columnsOf(10_000));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.stats().entries).toBe(2);
  });

  it("replaces a slot's entry when its key changes (a device's month graph after the next roll-up)", () => {
    const cache = new StoredBucketsCache({ entries: 10, bytes: 1e9, maxAgeMs: HOUR });
    cache.set('device 1, hour 10', 'device 1 month', columnsOf(10));
    cache.set('device 2, hour 10', 'device 2 month', columnsOf(10));
    cache.set('device 1, hour 11', 'device 1 month', columnsOf(10));
    expect(cache.get('device 1, hour 10')).toBeUndefined();
    expect(cache.get('device 1, hour 11')).toBeDefined();
    expect(cache.get('device 2, hour 10')).toBeDefined();
    expect(cache.stats().entries).toBe(2);
  });

  it('drops an entry older than maxAgeMs when asked for it', () => {
    let now = 0;
    const cache = new StoredBucketsCache({ entries: 10, bytes: 1e9, maxAgeMs: HOUR }, () => now);
    cache.set('a', 'a', columnsOf(10));
    now = HOUR;
    expect(cache.get('a')).toBeDefined();
    now = HOUR + 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('keeps nothing with a bound of 0 entries (no cache)', () => {
    const cache = new StoredBucketsCache({ entries: 0, bytes: 0, maxAgeMs: 0 });
    cache.set('a', 'a', columnsOf(10));
    expect(cache.get('a')).toBeUndefined();
  });
});
