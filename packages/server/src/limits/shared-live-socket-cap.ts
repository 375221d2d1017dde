import { randomUUID } from 'node:crypto';
import { LIVE_SOCKETS_PER_PERSON } from '@vigil/contracts';
import type { Redis } from 'ioredis';
import { LiveSocketCap, type LiveSocketPlaces, type ReleasePlace } from './live-socket-cap';

/** How long a place lives in Redis unless its instance renews it: an instance that dies frees its places by then. */
export const LIVE_SOCKET_PLACE_TTL_MS = 60_000;

/** Redis's own clock in milliseconds, so instances whose clocks differ agree on when a place has expired. */
const NOW_MS =
  "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)";

/** KEYS[1] the person's places; ARGV: max, ttl ms, member. 1 when the place is taken, 0 when the person is full. */
const ADMIT = `${NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/** KEYS the people's places, ARGV[1] ttl ms, ARGV[i + 1] the member in KEYS[i]: renews (or puts back) each place. */
const RENEW = `${NOW_MS}
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], now + tonumber(ARGV[1]), ARGV[i + 1])
  redis.call('PEXPIRE', KEYS[i], ARGV[1])
end
return #KEYS`;

/** Places renewed per script call: bounds one call's time inside Redis. */
const RENEW_BATCH = 500;

/**
 * Live sockets per person counted across the instances that share Redis (issue 26): each open socket is a
 * member of the person's sorted set, scored with the time its place expires. Its instance renews it every third
 * of LIVE_SOCKET_PLACE_TTL_MS and removes it at close, so a person holds at most `max` sockets behind all
 * instances together, and the places of an instance that dies without closing them expire within the TTL.
 * Each instance also keeps its own count (LiveSocketCap) as its bound, and counts only there while Redis cannot
 * be reached: a socket is never refused, nor its admission held up, because Redis is away.
 */
export class SharedLiveSocketCap implements LiveSocketPlaces {
  private readonly local: LiveSocketCap;
  private readonly instance = randomUUID();
  private sequence = 0;
  /** This instance's places in Redis: member → the person's key. */
  private readonly held = new Map<string, string>();
  private readonly renewal: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly max = LIVE_SOCKETS_PER_PERSON,
    private readonly ttlMs = LIVE_SOCKET_PLACE_TTL_MS,
  ) {
    this.local = new LiveSocketCap(max);
    this.renewal = setInterval(() => void this.renew(), Math.max(1, Math.floor(ttlMs / 3)));
    this.renewal.unref();
  }

  async take(userId: number): Promise<ReleasePlace | undefined> {
    const releaseLocal = this.local.takeNow(userId);
    if (releaseLocal === undefined || this.redis.status !== 'ready') {
      return releaseLocal;
    }
    const key = `${this.keyPrefix}${userId}`;
    this.sequence += 1;
    const member = `${this.instance}:${this.sequence}`;
    try {
      const isTaken = (await this.redis.eval(ADMIT, 1, key, this.max, this.ttlMs, member)) === 1;
      if (!isTaken) {
        releaseLocal();
        return undefined;
      }
    } catch {
      // Redis went away mid-call: this instance's own count holds meanwhile.
      return releaseLocal;
    }
    this.held.set(member, key);
    let isReleased = false;
    return () => {
      if (isReleased) {
        return;
      }
      isReleased = true;
      releaseLocal();
      this.held.delete(member);
      this.redis.zrem(key, member).catch(() => {
        // Unreachable now: the place expires within the TTL instead.
      });
    };
  }

  /** Renews every place this instance holds (and puts back any Redis lost while it was away). */
  async renew(): Promise<void> {
    const places = [...this.held];
    for (let start = 0; start < places.length; start += RENEW_BATCH) {
      const batch = places.slice(start, start + RENEW_BATCH);
      try {
        await this.redis.eval(
          RENEW,
          batch.length,
          ...batch.map(([, key]) => key),
          this.ttlMs,
          ...batch.map(([member]) => member),
        );
      } catch {
        return; // Redis away: the next renewal tries again, within the TTL.
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.renewal);
    const places = [...this.held];
    this.held.clear();
    await Promise.all(places.map(([member, key]) => this.redis.zrem(key, member).catch(() => 0)));
  }
}
