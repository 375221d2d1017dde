import type { ControlEvent, ControlListener } from './control-events';
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

/** Counts of the live fan-out of device trees since start, read by the metrics (fan-out-metrics.ts). */
export type FanOutStats = {
  /** Trees handed on to the sockets' instances (a PUBLISH, or in-process listeners). */
  published: number;
  /** Trees not handed on: no socket on any instance watches the device. */
  skipped: number;
  /** Trees a socket never sent because a newer one replaced them (a slow browser, or during a re-check). */
  superseded: number;
};

export function createFanOutStats(): FanOutStats {
  return { published: 0, skipped: 0, superseded: 0 };
}

/**
 * The realtime bus: events published to a room (rooms.ts) reach the room's subscribers on every instance, and
 * control events reach every instance. InProcessBus below, or RedisBus (redis-bus.ts, started by start-bus.ts
 * when REDIS_URL is set), one Redis channel per room.
 */
export interface RealtimeBus {
  /**
   * Hands the event to the room's subscribers. A device's tree goes out only if some socket (on any instance)
   * watches the device; otherwise it is counted skipped.
   */
  publish<N extends RoomName>(room: Room<N>, event: RoomEvent<N>): void;
  /** Subscribes to one room, or to every room of a name; returns the unsubscribe function. */
  subscribe<N extends RoomName>(room: RoomSelector<N>, handler: RoomHandler<N>): () => void;
  /**
   * Sends a control event to every instance. This instance's listeners run before it returns, so a
   * service's change takes effect here (cache dropped, sockets re-checking) before its response goes out.
   */
  publishControl(event: ControlEvent): void;
  /** Listens to the control events of every instance; returns the unsubscribe function. */
  onControl(listener: ControlListener): () => void;
  close(): Promise<void>;
  readonly stats: FanOutStats;
}

/** What a domain that announces events needs of the bus. */
export type RoomPublisher = Pick<RealtimeBus, 'publish'>;

/** Calls each control listener in turn; one that throws does not keep the event from the others. */
export function deliverControl(
  listeners: Iterable<ControlListener>,
  event: ControlEvent,
  onError: (error: unknown) => void,
): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      onError(error);
    }
  }
}

type AnyHandler = (event: unknown) => void;

/** A subscription's key: the room's (`<name>:<id>`), or `<name>:*` for every room of a name. */
export function selectorKey(selector: RoomSelector<RoomName>): string {
  return isEveryRoom(selector) ? `${selector.name}:*` : roomKey(selector as Room);
}

/** The handlers of one instance by subscription key (selectorKey); both buses keep their subscribers here. */
export class RoomHandlers {
  private readonly byKey = new Map<string, Set<AnyHandler>>();

  /** Adds a handler; true when it is the first of its room (or of every room of its name). */
  add<N extends RoomName>(selector: RoomSelector<N>, handler: RoomHandler<N>): boolean {
    const key = selectorKey(selector);
    const set = this.byKey.get(key);
    if (set !== undefined) {
      set.add(handler as AnyHandler);
      return false;
    }
    this.byKey.set(key, new Set([handler as AnyHandler]));
    return true;
  }

  /** Removes a handler; true when it was the last of its room (or of every room of its name). */
  remove<N extends RoomName>(selector: RoomSelector<N>, handler: RoomHandler<N>): boolean {
    const key = selectorKey(selector);
    const set = this.byKey.get(key);
    if (set === undefined || !set.delete(handler as AnyHandler) || set.size > 0) {
      return false;
    }
    this.byKey.delete(key);
    return true;
  }

  hasRoom(room: Room): boolean {
    return this.byKey.has(roomKey(room));
  }

  /** The room's own handlers, then those of every room of its name; returns how many there were. */
  deliver<N extends RoomName>(room: Room<N>, event: RoomEvent<N>, onError: (error: unknown) => void): number {
    const own = this.byKey.get(roomKey(room)) ?? [];
    const every = room.name === 'device' ? [] : (this.byKey.get(`${room.name}:*`) ?? []);
    return this.call([...own, ...every], event, onError);
  }

  /** The room's own handlers only (a frame that came on the room's channel). */
  deliverToRoom<N extends RoomName>(
    room: Room<N>,
    event: RoomEvent<N>,
    onError: (error: unknown) => void,
  ): void {
    this.call([...(this.byKey.get(roomKey(room)) ?? [])], event, onError);
  }

  /** The handlers of every room of the name only (a frame that came through the name's pattern). */
  deliverToEvery<N extends EveryRoomName>(
    name: N,
    event: RoomEvent<N>,
    onError: (error: unknown) => void,
  ): void {
    this.call([...(this.byKey.get(`${name}:*`) ?? [])], event, onError);
  }

  clear(): void {
    this.byKey.clear();
  }

  private call(handlers: AnyHandler[], event: unknown, onError: (error: unknown) => void): number {
    for (const handler of handlers) {
      try {
        handler(event);
      } catch (error) {
        onError(error);
      }
    }
    return handlers.length;
  }
}

/** The bus of a single instance: events go to this process's subscribers, synchronously. */
export class InProcessBus implements RealtimeBus {
  private readonly handlers = new RoomHandlers();
  private readonly controlListeners = new Set<ControlListener>();
  readonly stats = createFanOutStats();

  publish<N extends RoomName>(room: Room<N>, event: RoomEvent<N>): void {
    const delivered = this.handlers.deliver(room, event, rethrow);
    if (room.name !== 'device') {
      return;
    }
    if (delivered > 0) {
      this.stats.published += 1;
    } else {
      this.stats.skipped += 1;
    }
  }

  subscribe<N extends RoomName>(room: RoomSelector<N>, handler: RoomHandler<N>): () => void {
    this.handlers.add(room, handler);
    return () => {
      this.handlers.remove(room, handler);
    };
  }

  publishControl(event: ControlEvent): void {
    // Nothing logs here; a failing listener must not fail the service call that published.
    deliverControl(this.controlListeners, event, () => {});
  }

  onControl(listener: ControlListener): () => void {
    this.controlListeners.add(listener);
    return () => {
      this.controlListeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.controlListeners.clear();
  }
}

/** In one process a subscriber's throw reaches the publisher, as an EventEmitter's would. */
function rethrow(error: unknown): never {
  throw error;
}
