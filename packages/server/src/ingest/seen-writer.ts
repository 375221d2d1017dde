import type { Database } from '../db/database';
import { markDevicesSeen } from '../modules/devices/devices.repo';

type Waiter = { deviceId: number; resolve: (accepted: boolean) => void; reject: (error: unknown) => void };

/**
 * Batches "device seen" writes: every flushMs one UPDATE marks every device seen since the last flush
 * online with the latest receive time. Each caller's promise settles when its batch is committed, which
 * is what an MQTT PUBACK and an HTTP 202 wait for; it is false when the device was suspended meanwhile.
 */
export class SeenWriter {
  private pending = new Set<number>();
  private waiters: Waiter[] = [];
  private latest = new Date(0);
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    flushMs = 250,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  markSeen(deviceId: number, at: Date): Promise<boolean> {
    this.pending.add(deviceId);
    if (at > this.latest) {
      this.latest = at;
    }
    return new Promise((resolve, reject) => this.waiters.push({ deviceId, resolve, reject }));
  }

  /** Writes what is pending now; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBatch());
    return this.flushing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async writeBatch(): Promise<void> {
    if (this.waiters.length === 0) {
      return;
    }
    const ids = [...this.pending];
    const waiters = this.waiters;
    const at = this.latest;
    this.pending = new Set();
    this.waiters = [];
    try {
      const accepted = await markDevicesSeen(this.db, ids, at);
      for (const waiter of waiters) {
        waiter.resolve(accepted.has(waiter.deviceId));
      }
    } catch (error) {
      for (const waiter of waiters) {
        waiter.reject(error);
      }
    }
  }
}
