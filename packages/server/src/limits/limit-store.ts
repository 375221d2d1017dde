import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { LiveSocketCap, type LiveSocketPlaces } from './live-socket-cap';
import { SharedLiveSocketCap } from './shared-live-socket-cap';

/** At most `points` in a window of `durationSeconds` that starts with the first point counted. */
export type LimitRule = { points: number; durationSeconds: number };

/** One key's window: points counted so far and seconds until the window ends (0 when nothing is counted). */
export type LimitWindow = { used: number; resetSeconds: number };

/** A limit written as `limit` events in `windowMs` milliseconds, as the accounts and two-factor rules are. */
export type WindowRule = { limit: number; windowMs: number };

/** A rule of milliseconds as a counter's rule of whole seconds. */
export function limitRuleOf(rule: WindowRule): LimitRule {
  return { points: rule.limit, durationSeconds: Math.max(1, Math.ceil(rule.windowMs / 1000)) };
}

const secondsOf = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/** One limit's counters (rate-limiter-flexible), shared by every instance when they share Redis. */
export class LimitCounter {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    readonly rule: LimitRule,
  ) {}

  /** Counts one point for `key` if one is left: 0, or the seconds to wait before the next is allowed. */
  async take(key: string): Promise<number> {
    try {
      await this.limiter.consume(key);
      return 0;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) {
        return secondsOf(refusal.msBeforeNext);
      }
      throw refusal;
    }
  }

  /** Counts one point for `key` whatever is left (a failure to remember): the points counted in its window. */
  async add(key: string): Promise<number> {
    return (await this.limiter.penalty(key)).consumedPoints;
  }

  /** Seconds until `key` may count a point again: 0 while points are left in its window. */
  async waitSeconds(key: string): Promise<number> {
    const window = await this.peek(key);
    return window.used >= this.rule.points ? window.resetSeconds : 0;
  }

  /** Makes `key` full for `seconds` from now, whatever was counted (a wait decided by its caller). */
  async block(key: string, seconds: number): Promise<void> {
    await this.limiter.block(key, Math.max(1, Math.ceil(seconds)));
  }

  /** Forgets the key's window. */
  async delete(key: string): Promise<void> {
    await this.limiter.delete(key);
  }

  /** The key's current window. */
  async peek(key: string): Promise<LimitWindow> {
    const window = await this.limiter.get(key);
    if (window === null) {
      return { used: 0, resetSeconds: 0 };
    }
    return { used: window.consumedPoints, resetSeconds: secondsOf(window.msBeforeNext) };
  }
}

/**
 * Where the limits on people and devices are counted: in Redis when REDIS_URL is set, so the instances behind
 * a load balancer share one count (a limit must not multiply with instances), in this process otherwise. While
 * Redis is unreachable each instance counts in its own memory instead of refusing or hanging.
 */
export class LimitStore {
  /** Live sockets per person: across the instances on Redis, in this process otherwise. */
  readonly liveSockets: LiveSocketPlaces;

  private constructor(
    private readonly redis: Redis | undefined,
    private readonly keyPrefix: string,
  ) {
    this.liveSockets =
      redis === undefined ? new LiveSocketCap() : new SharedLiveSocketCap(redis, `${keyPrefix}live-sockets:`);
  }

  /** A store on Redis at `url` (keys under `<prefix>limit:`), or in memory without a url. */
  static open(options: { redisUrl: string | undefined; prefix: string }): LimitStore {
    if (options.redisUrl === undefined) {
      return new LimitStore(undefined, '');
    }
    // No offline queue: while Redis is away a count goes to the in-memory insurance at once instead of waiting.
    const redis = new Redis(options.redisUrl, { enableOfflineQueue: false, lazyConnect: false });
    // Connection errors are expected while Redis restarts; counting falls back to memory meanwhile.
    redis.on('error', () => {});
    return new LimitStore(redis, `${options.prefix}limit:`);
  }

  /** True when counts are shared through Redis. */
  get isShared(): boolean {
    return this.redis !== undefined;
  }

  /** The counters of one limit, named once per process (the name prefixes its keys). */
  counter(name: string, rule: LimitRule): LimitCounter {
    const options = {
      keyPrefix: `${this.keyPrefix}${name}`,
      points: rule.points,
      duration: rule.durationSeconds,
    };
    const memory = new RateLimiterMemory(options);
    if (this.redis === undefined) {
      return new LimitCounter(memory, rule);
    }
    const shared = new RateLimiterRedis({
      ...options,
      storeClient: this.redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
    });
    return new LimitCounter(shared, rule);
  }

  /** Resolves once Redis is connected (at once without it); counts go to memory until then. */
  async ready(): Promise<void> {
    const redis = this.redis;
    if (redis === undefined || redis.status === 'ready') {
      return;
    }
    await new Promise((resolve) => redis.once('ready', resolve));
  }

  async close(): Promise<void> {
    await this.liveSockets.close();
    this.redis?.disconnect();
  }
}
