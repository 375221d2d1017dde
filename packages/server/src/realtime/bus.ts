import { EventEmitter } from 'node:events';

/** One committed state tree of a device, as the live feed sends it (the tree's JSON text). */
export type DeviceTreeEvent = { udfId: string; json: string; receivedAt: Date };

export type DeviceTreeListener = (event: DeviceTreeEvent) => void;

/**
 * Fan-out of device trees to live-feed sockets: InProcessBus below, or RedisBus (redis-bus.ts, chosen in
 * register-ingest.ts when REDIS_URL is set) so every instance's sockets receive trees ingested by any instance.
 */
export interface RealtimeBus {
  publish(event: DeviceTreeEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(udfId: string, listener: DeviceTreeListener): () => void;
  close(): Promise<void>;
}

export class InProcessBus implements RealtimeBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open socket: no fixed ceiling.
    this.emitter.setMaxListeners(0);
  }

  publish(event: DeviceTreeEvent): void {
    this.emitter.emit(event.udfId, event);
  }

  subscribe(udfId: string, listener: DeviceTreeListener): () => void {
    this.emitter.on(udfId, listener);
    return () => {
      this.emitter.off(udfId, listener);
    };
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
