import type { Redis } from 'ioredis';

export type DeviceInterestOptions = {
  /** A connection in normal mode (the bus's publisher) that asks Redis `PUBSUB CHANNELS`. */
  redis: Redis;
  /** Device channels are `<channelStart><udf_id>`. */
  channelStart: string;
  /** How often the whole set is read again: the longest a crashed instance's interest outlives it. */
  refreshEveryMs: number;
  onError(error: unknown): void;
};

/** Notices on the interest channel: an instance subscribed to a device channel, or unsubscribed. */
export const INTEREST_NOTICE = {
  subscribed: (udfId: string) => `+${udfId}`,
  unsubscribed: (udfId: string) => `-${udfId}`,
};

/**
 * The devices some instance watches, known to every publisher: a device is watched while its channel has
 * a subscriber in Redis. Redis's own subscription table is the truth (`PUBSUB CHANNELS <prefix>device:*`,
 * read every refreshEveryMs): a crashed instance's connection closes and its subscriptions go with it, so
 * no heartbeat or TTL is needed. Between reads, notices make it exact within a round trip: `+<udf_id>`
 * (sent after the SUBSCRIBE landed) adds the device at once, `-<udf_id>` reads the set again.
 */
export class DeviceInterest {
  private watched = new Set<string>();
  /** Devices added by notices while a read is under way: the read may have been answered before them. */
  private addedDuringRead: Set<string> | undefined;
  private isReadDue = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly pattern: string;

  constructor(private readonly options: DeviceInterestOptions) {
    this.pattern = `${escapeGlob(options.channelStart)}*`;
  }

  has(udfId: string): boolean {
    return this.watched.has(udfId);
  }

  add(udfId: string): void {
    this.watched.add(udfId);
    this.addedDuringRead?.add(udfId);
  }

  /** A notice from the interest channel (INTEREST_NOTICE); anything else reads the set again. */
  handleNotice(message: string): void {
    if (message.startsWith('+') && message.length > 1) {
      this.add(message.slice(1));
      return;
    }
    this.refresh();
  }

  start(): void {
    this.timer ??= setInterval(() => this.refresh(), this.options.refreshEveryMs);
    this.timer.unref();
    this.refresh();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Reads the set from Redis; while a read runs, another follows it. Keeps the last set while Redis is away. */
  refresh(): void {
    if (this.addedDuringRead !== undefined) {
      this.isReadDue = true;
      return;
    }
    if (this.options.redis.status !== 'ready') {
      return;
    }
    this.addedDuringRead = new Set();
    void this.runReads();
  }

  private async runReads(): Promise<void> {
    try {
      do {
        this.isReadDue = false;
        const added = new Set<string>();
        this.addedDuringRead = added;
        const channels = (await this.options.redis.pubsub('CHANNELS', this.pattern)) as string[];
        const start = this.options.channelStart.length;
        const watched = new Set(channels.map((channel) => channel.slice(start)));
        for (const udfId of added) {
          watched.add(udfId);
        }
        this.watched = watched;
      } while (this.isReadDue);
    } catch (error) {
      this.options.onError(error);
    } finally {
      this.addedDuringRead = undefined;
    }
  }
}

/** The text matched literally by a Redis glob pattern (a channel prefix may hold `*`, `?`, `[` …). */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
