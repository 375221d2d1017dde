import type { Database } from '../db/database';
import { markDevicesSeen } from '../modules/devices/devices.repo';
import type { NewSensorReadingRow } from '../telemetry/sensor-readings.table';
import type { NewStateRecordRow } from '../telemetry/state-records.table';
import {
  type DeviceStateWrite,
  insertSensorReadings,
  insertStateRecords,
  upsertDeviceStates,
} from '../telemetry/telemetry.repo';

/** What one accepted message adds to the next batch; a boot message only marks the device seen. */
export type TelemetryWrite = {
  deviceId: number;
  at: Date;
  state?: DeviceStateWrite;
  record?: NewStateRecordRow;
  readings?: NewSensorReadingRow[];
};

type Waiter = { deviceId: number; resolve: (accepted: boolean) => void; reject: (error: unknown) => void };

type Batch = {
  seen: Set<number>;
  latestAt: Date;
  states: Map<number, DeviceStateWrite>;
  records: NewStateRecordRow[];
  readings: NewSensorReadingRow[];
  waiters: Waiter[];
};

function emptyBatch(): Batch {
  return {
    seen: new Set(),
    latestAt: new Date(0),
    states: new Map(),
    records: [],
    readings: [],
    waiters: [],
  };
}

/**
 * Batches every ingest write: every flushMs ONE transaction marks the devices seen (online, last_seen_at),
 * upserts the latest tree per device into device_state, and inserts the state records and sensor readings.
 * Each caller's promise settles when the transaction holding its message commits, which is what an MQTT
 * PUBACK and an HTTP 202 wait for; it is false when the device was suspended (or deleted) meanwhile, and
 * that device's rows are left out of the batch.
 */
export class TelemetryWriter {
  private batch = emptyBatch();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    flushMs = 250,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  write(message: TelemetryWrite): Promise<boolean> {
    const batch = this.batch;
    batch.seen.add(message.deviceId);
    if (message.at > batch.latestAt) {
      batch.latestAt = message.at;
    }
    if (message.state !== undefined) {
      batch.states.set(message.deviceId, message.state);
    }
    if (message.record !== undefined) {
      batch.records.push(message.record);
    }
    if (message.readings !== undefined) {
      batch.readings.push(...message.readings);
    }
    return new Promise((resolve, reject) =>
      batch.waiters.push({ deviceId: message.deviceId, resolve, reject }),
    );
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
    const batch = this.batch;
    if (batch.waiters.length === 0) {
      return;
    }
    this.batch = emptyBatch();
    try {
      const accepted = await this.db.transaction(async (tx) => {
        const ids = await markDevicesSeen(tx, [...batch.seen], batch.latestAt);
        await upsertDeviceStates(
          tx,
          // Sorted so that two instances lock the same rows in the same order.
          [...batch.states.values()]
            .filter((state) => ids.has(state.deviceId))
            .sort((a, b) => a.deviceId - b.deviceId),
        );
        await insertStateRecords(
          tx,
          batch.records.filter((row) => ids.has(row.deviceId)),
        );
        await insertSensorReadings(
          tx,
          batch.readings.filter((row) => ids.has(row.deviceId)),
        );
        return ids;
      });
      for (const waiter of batch.waiters) {
        waiter.resolve(accepted.has(waiter.deviceId));
      }
    } catch (error) {
      for (const waiter of batch.waiters) {
        waiter.reject(error);
      }
    }
  }
}
