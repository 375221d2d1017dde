import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createFanOutStats, deliverControl, type RealtimeBus, RoomHandlers } from './bus';
import type { ControlEvent, ControlListener } from './control-events';
import { closeConnection, connectWithin, type RedisBusLog, ThrottledErrorLog } from './redis-connections';
import { encodeControlFrame, encodeRoomFrame, encodeTreeFrame } from './redis-frames';
import { RedisInbound } from './redis-inbound';
import { DeviceInterest, escapeGlob, INTEREST_NOTICE } from './redis-interest';
import {
  type EveryRoomName,
  isEveryRoom,
  type Room,
  type RoomEvent,
  type RoomHandler,
  type RoomName,
  type RoomSelector,
  roomKey,
} from './rooms';

export type { RedisBusLog } from './redis-connections';

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

/**
 * Fan-out through Redis pub/sub, so a socket on any instance receives what any instance publishes to its
 * room. One publisher and one subscriber connection per instance; one channel per room,
 * `<prefix><room>:<id>`, subscribed only while this instance has a socket in that room (a pattern
 * `<prefix><room>:*` for a socket in every room of a name: staff's notifications).
 *
 * Device rooms carry the hot path. A pattern subscription would make every instance receive (and parse) every
 * tree of every device; per-device channels keep each instance's traffic to the devices its browsers watch. A
 * tree is PUBLISHed only while its channel has a subscriber on some instance (DeviceInterest), as
 * `<receivedAt ms>\n<tree JSON>` (redis-frames.ts), and delivered only through Redis, also to this instance's
 * own sockets, so nothing is delivered twice. Other rooms' events are few: the publishing instance delivers
 * them at once (as a control event) and ignores its copy from Redis, so they reach its own sockets while Redis
 * is away. Redis being down never stops the ingest: publishes are dropped (the live feed is best effort;
 * storage is not affected), errors are logged at most every 10 s, and ioredis reconnects and re-subscribes by
 * itself. Control events travel on one channel, `<prefix>control`, which every instance subscribes to from
 * start: the publishing instance handles its own event at once and ignores its copy from Redis.
 */
export class RedisBus implements RealtimeBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new RoomHandlers();
  private readonly prefix: string;
  private readonly controlChannel: string;
  private readonly interestChannel: string;
  private readonly interest: DeviceInterest;
  private readonly controlListeners = new Set<ControlListener>();
  private readonly instanceId = randomUUID();
  private readonly controlSubscribed: Promise<void>;
  private readonly errors: ThrottledErrorLog;
  readonly stats = createFanOutStats();

  constructor(private readonly options: RedisBusOptions) {
    this.errors = new ThrottledErrorLog(options.log);
    this.prefix = options.channelPrefix;
    this.controlChannel = `${options.channelPrefix}control`;
    this.interestChannel = `${options.channelPrefix}interest`;
    // No offline queue on the publisher: while Redis is away frames are dropped, not piled up in memory.
    this.publisher = new Redis(options.url, { enableOfflineQueue: false, lazyConnect: true });
    this.subscriber = new Redis(options.url, { lazyConnect: true });
    this.interest = new DeviceInterest({
      redis: this.publisher,
      channelStart: this.channelOf({ name: 'device', id: '' }),
      refreshEveryMs: options.interestRefreshMs ?? 1000,
      onError: (error) => this.errors.error({ err: error }, 'redis interest read failed'),
    });
    this.publisher.on('ready', () => this.interest.start());
    for (const [role, connection] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      connection.on('error', (error: unknown) =>
        this.errors.error({ err: error, role }, 'redis connection error'),
      );
    }
    const inbound = new RedisInbound({
      prefix: this.prefix,
      controlChannel: this.controlChannel,
      interestChannel: this.interestChannel,
      instanceId: this.instanceId,
      handlers: this.handlers,
      controlListeners: this.controlListeners,
      interest: this.interest,
      errors: this.errors,
    });
    this.subscriber.on('message', (channel: string, message: string) => inbound.message(channel, message));
    this.subscriber.on('pmessage', (_pattern: string, channel: string, message: string) =>
      inbound.patternMessage(channel, message),
    );
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
    await connectWithin(
      [this.publisher, this.subscriber],
      this.controlSubscribed,
      this.options.connectTimeoutMs ?? 5000,
      this.options.log,
      this.errors,
    );
  }

  /** The room's channel: `<prefix>device:<udf_id>`, `<prefix>site:<id>`, … */
  channelOf(room: Room): string {
    return `${this.prefix}${roomKey(room)}`;
  }

  publish<N extends RoomName>(room: Room<N>, event: RoomEvent<N>): void {
    if (room.name === 'device') {
      this.publishTree(room as Room<'device'>, event as RoomEvent<'device'>);
      return;
    }
    const local = room as Room<EveryRoomName>;
    this.handlers.deliver(local, event as RoomEvent<EveryRoomName>, (error) =>
      this.errors.error({ err: error, room: roomKey(room) }, 'room listener failed'),
    );
    if (this.publisher.status !== 'ready') {
      this.errors.dropped('redis not connected');
      return;
    }
    const frame = encodeRoomFrame({ origin: this.instanceId, event: event as RoomEvent<EveryRoomName> });
    this.publisher.publish(this.channelOf(room), frame).catch((error: unknown) => {
      this.errors.dropped('redis publish failed', error);
    });
  }

  subscribe<N extends RoomName>(room: RoomSelector<N>, handler: RoomHandler<N>): () => void {
    if (this.handlers.add(room, handler)) {
      this.join(room);
    }
    return () => {
      if (this.handlers.remove(room, handler)) {
        this.leave(room);
      }
    };
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
    this.handlers.clear();
    this.controlListeners.clear();
    await Promise.all([closeConnection(this.publisher), closeConnection(this.subscriber)]);
  }

  private publishTree(room: Room<'device'>, event: RoomEvent<'device'>): void {
    if (!this.interest.has(room.id)) {
      this.stats.skipped += 1;
      return;
    }
    if (this.publisher.status !== 'ready') {
      this.errors.dropped('redis not connected');
      return;
    }
    this.stats.published += 1;
    this.publisher.publish(this.channelOf(room), encodeTreeFrame(event.data)).catch((error: unknown) => {
      this.errors.dropped('redis publish failed', error);
    });
  }

  /** SUBSCRIBEs to the room's channel (PSUBSCRIBEs for every room of a name) for its first handler here. */
  private join<N extends RoomName>(room: RoomSelector<N>): void {
    if (isEveryRoom(room)) {
      this.subscriber
        .psubscribe(this.patternOf(room.name))
        .catch((error: unknown) =>
          this.errors.error({ err: error, room: room.name }, 'redis subscribe failed'),
        );
      return;
    }
    const single = room as Room;
    const udfId = single.name === 'device' ? String(single.id) : undefined;
    if (udfId !== undefined) {
      // This instance publishes the device's trees at once; the others once they hear the notice.
      this.interest.add(udfId);
    }
    this.subscriber.subscribe(this.channelOf(single)).then(
      () => {
        if (udfId !== undefined) {
          this.notify(INTEREST_NOTICE.subscribed(udfId));
        }
      },
      (error: unknown) => this.errors.error({ err: error, room: roomKey(single) }, 'redis subscribe failed'),
    );
  }

  /** UNSUBSCRIBEs after the room's last handler here left. */
  private leave<N extends RoomName>(room: RoomSelector<N>): void {
    if (this.subscriber.status === 'end') {
      return;
    }
    if (isEveryRoom(room)) {
      this.subscriber
        .punsubscribe(this.patternOf(room.name))
        .catch((error: unknown) =>
          this.errors.error({ err: error, room: room.name }, 'redis unsubscribe failed'),
        );
      return;
    }
    const single = room as Room;
    this.subscriber.unsubscribe(this.channelOf(single)).then(
      () => {
        if (single.name === 'device') {
          this.notify(INTEREST_NOTICE.unsubscribed(String(single.id)));
        }
      },
      (error: unknown) =>
        this.errors.error({ err: error, room: roomKey(single) }, 'redis unsubscribe failed'),
    );
  }

  private patternOf(name: EveryRoomName): string {
    return `${escapeGlob(this.prefix)}${name}:*`;
  }

  /** Tells every instance's DeviceInterest; a lost notice is made up by their next read. */
  private notify(notice: string): void {
    if (this.publisher.status !== 'ready') {
      return;
    }
    this.publisher.publish(this.interestChannel, notice).catch((error: unknown) => {
      this.errors.error({ err: error }, 'redis interest notice failed');
    });
  }
}

/** The Redis bus, connected (or still retrying after the start-up wait). */
export async function startRedisBus(options: RedisBusOptions): Promise<RedisBus> {
  const bus = new RedisBus(options);
  await bus.start();
  return bus;
}
