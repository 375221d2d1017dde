import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  createFanOutStats,
  type DeviceTreeEvent,
  type DeviceTreeListener,
  deliverControl,
  type RealtimeBus,
} from './bus';
import type { ControlEvent, ControlListener } from './control-events';
import { decodeControlFrame, decodeTreeFrame, encodeControlFrame, encodeTreeFrame } from './redis-frames';
import { DeviceInterest, INTEREST_NOTICE } from './redis-interest';

export type RedisBusLog = {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

export type RedisBusOptions = {
  url: string;
  /** Prepended to every channel name (REDIS_CHANNEL_PREFIX): several deployments or test runs share one Redis. */
  channelPrefix: string;
  log: RedisBusLog;
  /** How long start-up waits for both connections before going on (ioredis keeps retrying). */
  connectTimeoutMs?: number;
  /** How often the watched devices are read from Redis (redis-interest.ts); 1 s by default. */
  interestRefreshMs?: number;
};

const ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * Fan-out through Redis pub/sub, so a live-feed socket on any instance receives trees ingested by any
 * instance. One publisher and one subscriber connection per instance; one channel per device,
 * `<prefix>device:<udf_id>`, subscribed only while this instance has a socket watching that device. A
 * pattern subscription would make every instance receive (and parse) every tree of every device; per-device
 * channels keep each instance's traffic to the devices its browsers watch. A tree is PUBLISHed only while
 * its channel has a subscriber on some instance (DeviceInterest), as `<receivedAt ms>\n<tree JSON>`
 * (redis-frames.ts). Trees are delivered only through Redis, also to this instance's own sockets, so
 * nothing is delivered twice. Redis being down
 * never stops the ingest: publishes are dropped (the live feed is best effort; storage is not affected),
 * errors are logged at most every 10 s, and ioredis reconnects and re-subscribes by itself.
 * Control events travel on one channel, `<prefix>control`, which every instance subscribes to from start:
 * the publishing instance handles its own event at once and ignores its copy from Redis.
 */
export class RedisBus implements RealtimeBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Map<string, Set<DeviceTreeListener>>();
  private readonly channelStart: string;
  private readonly controlChannel: string;
  private readonly interestChannel: string;
  private readonly interest: DeviceInterest;
  private readonly controlListeners = new Set<ControlListener>();
  private readonly instanceId = randomUUID();
  private readonly controlSubscribed: Promise<void>;
  private lastErrorLogAt = 0;
  private droppedSinceLog = 0;
  readonly stats = createFanOutStats();

  constructor(private readonly options: RedisBusOptions) {
    this.channelStart = `${options.channelPrefix}device:`;
    this.controlChannel = `${options.channelPrefix}control`;
    this.interestChannel = `${options.channelPrefix}interest`;
    // No offline queue on the publisher: while Redis is away frames are dropped, not piled up in memory.
    this.publisher = new Redis(options.url, { enableOfflineQueue: false, lazyConnect: true });
    this.subscriber = new Redis(options.url, { lazyConnect: true });
    this.interest = new DeviceInterest({
      redis: this.publisher,
      channelStart: this.channelStart,
      refreshEveryMs: options.interestRefreshMs ?? 1000,
      onError: (error) => this.logError({ err: error }, 'redis interest read failed'),
    });
    this.publisher.on('ready', () => this.interest.start());
    for (const [role, connection] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      connection.on('error', (error: unknown) =>
        this.logError({ err: error, role }, 'redis connection error'),
      );
    }
    this.subscriber.on('message', (channel: string, message: string) => this.deliver(channel, message));
    let markSubscribed = () => {};
    this.controlSubscribed = new Promise((resolve) => {
      markSubscribed = resolve;
    });
    // On every (re)connection: a SUBSCRIBE that failed while Redis was away is not re-sent by ioredis.
    this.subscriber.on('ready', () => {
      this.subscriber
        .subscribe(this.controlChannel, this.interestChannel)
        .then(markSubscribed, (error: unknown) => {
          this.options.log.error({ err: error }, 'redis control channel subscribe failed');
        });
    });
  }

  /** Connects both connections; resolves after connectTimeoutMs at the latest, logging a warning. */
  async start(): Promise<void> {
    const timeoutMs = this.options.connectTimeoutMs ?? 5000;
    let timer: NodeJS.Timeout | undefined;
    const connected = Promise.all([this.publisher.connect(), this.subscriber.connect()]).then(
      () => this.controlSubscribed,
    );
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const outcome = await Promise.race([connected, timedOut]);
      if (outcome === 'timeout') {
        this.options.log.warn({ timeoutMs }, 'redis not reachable yet; live feed fan-out waits for it');
      }
    } catch (error) {
      this.logError({ err: error }, 'redis connection failed; retrying');
    } finally {
      clearTimeout(timer);
      connected.catch(() => {});
    }
  }

  channelOf(udfId: string): string {
    return `${this.channelStart}${udfId}`;
  }

  publish(event: DeviceTreeEvent): void {
    if (!this.interest.has(event.udfId)) {
      this.stats.skipped += 1;
      return;
    }
    if (this.publisher.status !== 'ready') {
      this.dropped('redis not connected');
      return;
    }
    this.stats.published += 1;
    this.publisher.publish(this.channelOf(event.udfId), encodeTreeFrame(event)).catch((error: unknown) => {
      this.dropped('redis publish failed', error);
    });
  }

  subscribe(udfId: string, listener: DeviceTreeListener): () => void {
    let set = this.listeners.get(udfId);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(udfId, set);
      // This instance publishes the device's trees at once; the others once they hear the notice.
      this.interest.add(udfId);
      this.subscriber.subscribe(this.channelOf(udfId)).then(
        () => this.notify(INTEREST_NOTICE.subscribed(udfId)),
        (error: unknown) => this.logError({ err: error, udfId }, 'redis subscribe failed'),
      );
    }
    set.add(listener);
    return () => this.unsubscribe(udfId, listener);
  }

  publishControl(event: ControlEvent): void {
    deliverControl(this.controlListeners, event, (error) =>
      this.options.log.error({ err: error, event: event.name }, 'control listener failed'),
    );
    // Never rate-limited: a lost control event leaves other instances' sockets open until their re-check.
    const lost = (error?: unknown) =>
      this.options.log.error({ err: error, event: event.name }, 'control event not sent to other instances');
    if (this.publisher.status !== 'ready') {
      lost();
      return;
    }
    this.publisher
      .publish(this.controlChannel, encodeControlFrame({ origin: this.instanceId, event }))
      .catch(lost);
  }

  onControl(listener: ControlListener): () => void {
    this.controlListeners.add(listener);
    return () => {
      this.controlListeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.interest.stop();
    this.listeners.clear();
    this.controlListeners.clear();
    await Promise.all([closeConnection(this.publisher), closeConnection(this.subscriber)]);
  }

  private unsubscribe(udfId: string, listener: DeviceTreeListener): void {
    const set = this.listeners.get(udfId);
    if (set === undefined || !set.delete(listener) || set.size > 0) {
      return;
    }
    this.listeners.delete(udfId);
    if (this.subscriber.status === 'end') {
      return;
    }
    this.subscriber.unsubscribe(this.channelOf(udfId)).then(
      () => this.notify(INTEREST_NOTICE.unsubscribed(udfId)),
      (error: unknown) => this.logError({ err: error, udfId }, 'redis unsubscribe failed'),
    );
  }

  /** Tells every instance's DeviceInterest; a lost notice is made up by their next read. */
  private notify(notice: string): void {
    if (this.publisher.status !== 'ready') {
      return;
    }
    this.publisher.publish(this.interestChannel, notice).catch((error: unknown) => {
      this.logError({ err: error }, 'redis interest notice failed');
    });
  }

  private deliver(channel: string, message: string): void {
    if (channel === this.controlChannel) {
      this.deliverControlFrame(message);
      return;
    }
    if (channel === this.interestChannel) {
      this.interest.handleNotice(message);
      return;
    }
    if (!channel.startsWith(this.channelStart)) {
      return;
    }
    const udfId = channel.slice(this.channelStart.length);
    const set = this.listeners.get(udfId);
    if (set === undefined) {
      return;
    }
    const event = decodeTreeFrame(udfId, message);
    if (event === undefined) {
      this.logError({ channel }, 'redis frame ignored: not a device tree frame');
      return;
    }
    for (const listener of [...set]) {
      try {
        listener(event);
      } catch (error) {
        this.logError({ err: error, udfId: event.udfId }, 'live feed listener failed');
      }
    }
  }

  private deliverControlFrame(message: string): void {
    const frame = decodeControlFrame(message);
    if (frame === undefined) {
      this.logError({ channel: this.controlChannel }, 'redis frame ignored: not a control frame');
      return;
    }
    if (frame.origin === this.instanceId) {
      return;
    }
    deliverControl(this.controlListeners, frame.event, (error) =>
      this.logError({ err: error, event: frame.event.name }, 'control listener failed'),
    );
  }

  private dropped(message: string, error?: unknown): void {
    this.droppedSinceLog += 1;
    if (this.logError({ err: error, dropped: this.droppedSinceLog }, `${message}; live frames dropped`)) {
      this.droppedSinceLog = 0;
    }
  }

  /** Logs at most once per ERROR_LOG_INTERVAL_MS; returns whether it logged. */
  private logError(object: object, message: string): boolean {
    const now = Date.now();
    if (now - this.lastErrorLogAt < ERROR_LOG_INTERVAL_MS) {
      return false;
    }
    this.lastErrorLogAt = now;
    this.options.log.error(object, message);
    return true;
  }
}

/** QUIT when connected (pending replies arrive first), otherwise drop the connection and its retries. */
async function closeConnection(connection: Redis): Promise<void> {
  if (connection.status !== 'ready') {
    connection.disconnect();
    return;
  }
  try {
    await connection.quit();
  } catch {
    connection.disconnect();
  }
}

/** The Redis bus, connected (or still retrying after the start-up wait). */
export async function startRedisBus(options: RedisBusOptions): Promise<RedisBus> {
  const bus = new RedisBus(options);
  await bus.start();
  return bus;
}
