import type { FlatBuckets } from './graph-flat-buckets';
import { flatBucketsBytes } from './graph-flat-buckets';

/**
 * The month graph's cache (docs/graphs.md 'Stored part cache'): per device, the stored 1-hour roll-up buckets of
 * a graph's range as columns, under a key naming everything they depend on (graph-bucket-columns.ts). Only a
 * cache: every instance answers the same with or without it. Bounded by entries and approximate bytes, least
 * recently used out first; an entry older than `maxAgeMs` is dropped when next asked for.
 */

export type StoredCacheLimits = {
  entries: number;
  bytes: number;
  maxAgeMs: number;
};

/**
 * 64 devices' month graphs (about 1.7 MB each for 100 sensors), at most 128 MB; an hour at most (a month
 * graph's key changes every hour anyway). Tests pass their own.
 */
export const GRAPH_STORED_CACHE_LIMITS: StoredCacheLimits = {
  entries: 64,
  bytes: 128 * 1024 * 1024,
  maxAgeMs: 60 * 60 * 1000,
};

type Entry = { slot: string; columns: ReadonlyMap<number, FlatBuckets>; bytes: number; storedAt: number };

export type StoredCacheStats = { hits: number; misses: number; entries: number; bytes: number };

export class StoredBucketsCache {
  /** Map order is the recency order: the first entry is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  /** A slot (a device's graph ending now) holds one key: a new key replaces the old entry at once. */
  private readonly slots = new Map<string, string>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;

  constructor(
    private readonly limits: StoredCacheLimits = GRAPH_STORED_CACHE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The columns stored under `key` (never to be changed by the caller), or undefined. */
  get(key: string): ReadonlyMap<number, FlatBuckets> | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined || this.now() - entry.storedAt > this.limits.maxAgeMs) {
      if (entry !== undefined) {
        this.remove(key);
      }
      this.misses += 1;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry.columns;
  }

  /** Keeps the columns under `key`, replacing the slot's previous key; nothing when they alone exceed the bound. */
  set(key: string, slot: string, columns: ReadonlyMap<number, FlatBuckets>): void {
    const previous = this.slots.get(slot);
    if (previous !== undefined) {
      this.remove(previous);
    }
    this.remove(key);
    let bytes = key.length * 2 + 100;
    for (const flat of columns.values()) {
      bytes += flatBucketsBytes(flat) + 50;
    }
    if (this.limits.entries <= 0 || bytes > this.limits.bytes) {
      return;
    }
    this.entries.set(key, { slot, columns, bytes, storedAt: this.now() });
    this.slots.set(slot, key);
    this.bytes += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.entries && this.bytes <= this.limits.bytes) {
        break;
      }
      this.remove(oldest);
    }
  }

  stats(): StoredCacheStats {
    return { hits: this.hits, misses: this.misses, entries: this.entries.size, bytes: this.bytes };
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) {
      return;
    }
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    if (this.slots.get(entry.slot) === key) {
      this.slots.delete(entry.slot);
    }
  }
}
