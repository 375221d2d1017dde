import { EventEmitter } from 'node:events';
import type { ControlEvent, ControlListener } from './control-events';

/** One committed state tree of a device, as the live feed sends it (the tree's JSON text). */
export type DeviceTreeEvent = { udfId: string; json: string; receivedAt: Date };

export type DeviceTreeListener = (event: DeviceTreeEvent) => void;

/** Counts of the live fan-out since start, read by the metrics (http/metrics.ts). */
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
 * Fan-out of device trees to live-feed sockets: InProcessBus below, or RedisBus (redis-bus.ts, chosen in
 * register-ingest.ts when REDIS_URL is set) so every instance's sockets receive trees ingested by any instance.
 */
export interface RealtimeBus {
  /** Hands the tree on only if some socket (on any instance) watches the device; otherwise counts it skipped. */
  publish(event: DeviceTreeEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(udfId: string, listener: DeviceTreeListener): () => void;
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

export class InProcessBus implements RealtimeBus {
  private readonly emitter = new EventEmitter();
  private readonly controlListeners = new Set<ControlListener>();
  readonly stats = createFanOutStats();

  constructor() {
    // One listener per open socket: no fixed ceiling.
    this.emitter.setMaxListeners(0);
  }

  publish(event: DeviceTreeEvent): void {
    if (this.emitter.emit(event.udfId, event)) {
      this.stats.published += 1;
    } else {
      this.stats.skipped += 1;
    }
  }

  subscribe(udfId: string, listener: DeviceTreeListener): () => void {
    this.emitter.on(udfId, listener);
    return () => {
      this.emitter.off(udfId, listener);
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
    this.emitter.removeAllListeners();
    this.controlListeners.clear();
  }
}
