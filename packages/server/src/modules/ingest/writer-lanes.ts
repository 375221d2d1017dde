import type { Database } from '../../db/database';
import { SensorKeys } from '../telemetry/sensor-keys';
import { ExactEdges } from './exact-edges';
import {
  type TelemetryWrite,
  TelemetryWriter,
  type TelemetryWriterOptions,
  type WriteOutcome,
} from './telemetry-writer';

export type WriterLanesOptions = Omit<TelemetryWriterOptions, 'shared'> & {
  /** Writers working in parallel, each on its own connection (1 on PGlite: one connection). */
  lanes?: number;
  /** The sensors dictionary, when the caller reads it too (sensor-admission.ts); else the lanes' own. */
  sensorKeys?: SensorKeys;
};

/**
 * Several TelemetryWriters ('lanes'), each batching and committing on its own, so a slow transaction on one
 * lane does not stop the others (docs/telemetry.md 'Write path'). A device always writes on the same lane:
 * its messages stay in order, and each PUBACK or 202 follows its own commit. The lanes share the sensors
 * dictionary and the edge memory (which never sees one device on two lanes).
 */
export class WriterLanes {
  private readonly lanes: TelemetryWriter[];
  private readonly edges = new ExactEdges();

  constructor(db: Database, { sensorKeys, ...options }: WriterLanesOptions = {}) {
    const count = Math.max(1, Math.floor(options.lanes ?? 1));
    const shared = { sensorKeys: sensorKeys ?? new SensorKeys(), edges: this.edges };
    const maxPendingPoints =
      options.maxPendingPoints === undefined
        ? undefined
        : Math.max(1, Math.ceil(options.maxPendingPoints / count));
    // Lane i first flushes i/count of an interval in: their transactions reach the database and come back
    // to the event loop in turn, instead of all in the same tick every interval.
    const flushMs = options.flushMs ?? 250;
    this.lanes = Array.from(
      { length: count },
      (_, lane) =>
        new TelemetryWriter(db, {
          ...options,
          shared,
          maxPendingPoints,
          firstFlushMs: flushMs + (lane * flushMs) / count,
        }),
    );
  }

  get laneCount(): number {
    return this.lanes.length;
  }

  /** Queues a message on its device's lane (see TelemetryWriter.write). */
  write(write: TelemetryWrite): Promise<WriteOutcome> {
    return this.laneOf(write.deviceId).write(write);
  }

  /** Writes what is pending on the lane of `deviceId` now (a consumer that handles one message at a time). */
  flushDevice(deviceId: number): Promise<void> {
    return this.laneOf(deviceId).flush();
  }

  /** Writes what is pending on every lane. */
  async flush(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.flush()));
  }

  /** Writes what is pending and the latest trees not saved yet, on every lane. */
  async stop(): Promise<void> {
    const results = await Promise.allSettled(this.lanes.map((lane) => lane.stop()));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed !== undefined) {
      throw failed.reason;
    }
  }

  /** Forgets a device's edge memory: its next tree is compared with its stored states. */
  forget(deviceId: number): void {
    this.edges.forget(deviceId);
  }

  private laneOf(deviceId: number): TelemetryWriter {
    return this.lanes[deviceId % this.lanes.length] as TelemetryWriter;
  }
}
