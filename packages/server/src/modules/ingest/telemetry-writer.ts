import type { Database } from '../../db/database';
import type { NewDeviceEventRow } from '../../db/tables/device-events.table';
import type { NewSensorReadingRow } from '../../db/tables/sensor-readings.table';
import { findExistingDeviceIds, markDevicesSeen } from '../devices/devices.repo';
import { insertDeviceEvents } from '../telemetry/device-events.repo';
import { SensorKeys } from '../telemetry/sensor-keys';
import {
  type DeviceStateWrite,
  insertMessageReceipts,
  insertSensorReadings,
  insertStateRecords,
  receiptKey,
  type StateRecordWrite,
  upsertDeviceStates,
} from '../telemetry/telemetry.repo';
import type { TreeReading } from '../telemetry/tree-rows';
import type { DerivedEdges, ExactEdges } from './exact-edges';
import { LatestStates } from './latest-states';

/** What one accepted message adds to the next batch; a boot message carries only its events. */
export type TelemetryWrite = {
  deviceId: number;
  at: Date;
  /** ingest/message-receipts.ts messageDigest of the message's bytes, recorded for every message. */
  digest: Buffer;
  /**
   * The transport says this may be a copy of a message sent before (MQTT DUP flag): it is stored only if no
   * message with the same digest was. Other messages are always stored — a device with a stuck clock and
   * steady values sends identical bytes that are new readings all the same.
   */
  redelivered?: boolean;
  state?: DeviceStateWrite;
  record?: StateRecordWrite;
  readings?: TreeReading[];
  events?: NewDeviceEventRow[];
};

/** stored; duplicate: the same bytes were stored before (acknowledge, store nothing); refused: device suspended. */
export type WriteOutcome = 'stored' | 'duplicate' | 'refused';

/** The write buffer is full: the caller refuses the message so that the device sends it again later. */
export class WriterOverloadedError extends Error {
  constructor() {
    super('the write buffer is full');
  }
}

export type TelemetryWriterOptions = {
  /** Shared by every lane of an instance: the sensors dictionary and the alarm and warning edges. */
  shared?: { sensorKeys: SensorKeys; edges: ExactEdges };
  flushMs?: number;
  /**
   * When the first flush runs, in ms from now (then every flushMs): the lanes of an instance flush in turn,
   * not all at once (writer-lanes.ts).
   */
  firstFlushMs?: number;
  /** The latest tree of a device is written to device_state at most this often, besides its records. */
  stateSaveMs?: number;
  /** Readings the buffer may hold while a flush runs (about 5 s at 100,000 points/s). */
  maxPendingPoints?: number;
};

type Pending = {
  write: TelemetryWrite;
  resolve: (outcome: WriteOutcome) => void;
  reject: (error: unknown) => void;
};
type Batch = { messages: Pending[]; points: number };

/**
 * Batches every ingest write: every flushMs ONE transaction marks the devices seen (online, last_seen_at;
 * device_online events for those that were offline), records the message digests (a redelivered message
 * stores nothing twice), and writes state records, readings (COPY on PostgreSQL), events and, when due
 * (latest-states.ts), the latest tree per device of the new messages. Each caller's promise settles when that transaction commits,
 * which is what an MQTT PUBACK and an HTTP 202 wait for. A device suspended (or deleted) meanwhile has its
 * rows left out and its messages 'refused'.
 */
export class TelemetryWriter {
  private batch: Batch = { messages: [], points: 0 };
  /** The first flush's timeout, then the flush interval (clearTimeout clears either). */
  private timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private readonly sensorKeys: SensorKeys;
  private readonly edges: ExactEdges | undefined;
  private readonly latestStates: LatestStates;
  private readonly maxPendingPoints: number;

  constructor(
    private readonly db: Database,
    options: TelemetryWriterOptions = {},
  ) {
    this.maxPendingPoints = options.maxPendingPoints ?? 500_000;
    this.sensorKeys = options.shared?.sensorKeys ?? new SensorKeys();
    this.edges = options.shared?.edges;
    this.latestStates = new LatestStates(options.stateSaveMs ?? 5000);
    const flushMs = options.flushMs ?? 250;
    this.timer = setTimeout(() => {
      this.timer = setInterval(() => void this.flush(), flushMs).unref();
      void this.flush();
    }, options.firstFlushMs ?? flushMs).unref();
  }

  /** Queues a message for the next batch; rejects at once with WriterOverloadedError when the buffer is full. */
  write(write: TelemetryWrite): Promise<WriteOutcome> {
    const points = write.readings?.length ?? 0;
    const batch = this.batch;
    if (batch.messages.length > 0 && batch.points + points > this.maxPendingPoints) {
      return Promise.reject(new WriterOverloadedError());
    }
    batch.points += points;
    return new Promise((resolve, reject) => batch.messages.push({ write, resolve, reject }));
  }

  /** Writes what is pending now; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBatch());
    return this.flushing;
  }

  /** Writes what is pending and the latest trees not saved yet. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    await this.flush();
    const unsaved = this.latestStates.takeUnsaved();
    if (unsaved.length > 0) {
      await this.db.transaction(async (tx) => {
        const existing = await findExistingDeviceIds(
          tx,
          unsaved.map((state) => state.deviceId),
        );
        await upsertDeviceStates(
          tx,
          unsaved.filter((state) => existing.has(state.deviceId)),
        );
      });
    }
  }

  private async writeBatch(): Promise<void> {
    const { messages } = this.batch;
    if (messages.length === 0) {
      return;
    }
    this.batch = { messages: [], points: 0 };
    const writes = messages.map((message) => message.write);
    const batch: { edges?: DerivedEdges } = {};
    try {
      const { accepted, stored, keys, states } = await this.db.transaction((tx) =>
        this.store(tx, writes, batch),
      );
      batch.edges?.settle(true);
      this.sensorKeys.remember(keys);
      this.latestStates.committed(states);
      for (const { write, resolve } of messages) {
        resolve(!accepted.has(write.deviceId) ? 'refused' : stored.has(write) ? 'stored' : 'duplicate');
      }
    } catch (error) {
      batch.edges?.settle(false);
      for (const { reject } of messages) {
        reject(error);
      }
    }
  }

  private async store(tx: Database, writes: TelemetryWrite[], batch: { edges?: DerivedEdges }) {
    const firstSeen = new Map<number, Date>();
    const lastSeen = new Map<number, Date>();
    for (const write of writes) {
      if (!firstSeen.has(write.deviceId)) {
        firstSeen.set(write.deviceId, write.at);
      }
      if (write.at >= (lastSeen.get(write.deviceId) ?? write.at)) {
        lastSeen.set(write.deviceId, write.at);
      }
    }
    const { accepted, cameOnline, seenBefore } = await markDevicesSeen(tx, lastSeen);
    const stored = await this.newMessages(
      tx,
      writes.filter((write) => accepted.has(write.deviceId)),
    );

    const states = new Map<number, DeviceStateWrite>();
    const recorded = new Set<number>();
    const records: StateRecordWrite[] = [];
    const events: NewDeviceEventRow[] = [...cameOnline].map((deviceId) => ({
      deviceId,
      ts: firstSeen.get(deviceId) as Date,
      kind: 'device_online' as const,
    }));
    for (const write of stored) {
      if (write.state !== undefined) {
        states.set(write.deviceId, write.state);
      }
      if (write.record !== undefined) {
        records.push(write.record);
        recorded.add(write.deviceId);
      }
      events.push(...(write.events ?? []));
    }
    if (this.edges !== undefined) {
      batch.edges = await this.edges.derive(
        tx,
        seenBefore,
        stored.flatMap((write) =>
          write.state === undefined
            ? []
            : [{ deviceId: write.deviceId, tree: write.state.tree, at: write.at }],
        ),
      );
      events.push(...batch.edges.events);
      // Stable: each device's events in the order it sent its messages, whatever derived them.
      events.sort((a, b) => a.ts.getTime() - b.ts.getTime());
    }
    // One dictionary lookup per reading: its key, or -1 while the sensors row is not known yet (those get a
    // pair object and are resolved below; 100,000 readings a second are mostly known).
    const known = new Int32Array(stored.reduce((sum, write) => sum + (write.readings?.length ?? 0), 0));
    const unknown: Array<{ deviceId: number; sensorId: string }> = [];
    let index = 0;
    for (const write of stored) {
      const ofDevice = this.sensorKeys.ofDevice(write.deviceId);
      for (const reading of write.readings ?? []) {
        const key = ofDevice?.get(reading.sensorId);
        known[index++] = key ?? -1;
        if (key === undefined) {
          unknown.push({ deviceId: write.deviceId, sensorId: reading.sensorId });
        }
      }
    }
    const keys = await this.sensorKeys.resolveMissing(tx, unknown);
    const statePlan = this.latestStates.plan(states, recorded);
    await upsertDeviceStates(tx, statePlan.save);
    await insertStateRecords(tx, records);
    await insertSensorReadings(tx, readingRows(stored, known, keys));
    await insertDeviceEvents(tx, events);
    return { accepted, stored: new Set(stored), keys, states: statePlan };
  }

  /** Records every message's digest; returns the messages to store: all but redeliveries of stored ones. */
  private async newMessages(tx: Database, writes: TelemetryWrite[]): Promise<TelemetryWrite[]> {
    const receipts = new Map<string, { deviceId: number; digest: Buffer; receivedAt: Date }>();
    for (const write of writes) {
      const key = receiptKey(write.deviceId, write.digest);
      if (!receipts.has(key)) {
        receipts.set(key, { deviceId: write.deviceId, digest: write.digest, receivedAt: write.at });
      }
    }
    const fresh = await insertMessageReceipts(tx, [...receipts.values()]);
    const storedKeys = new Set<string>();
    return writes.filter((write) => {
      const key = receiptKey(write.deviceId, write.digest);
      if (write.redelivered === true && (!fresh.has(key) || storedKeys.has(key))) {
        return false;
      }
      storedKeys.add(key);
      return true;
    });
  }
}

/** The readings of `stored` under their sensors keys: `known` in reading order (-1: look it up in `found`). */
function readingRows(
  stored: readonly TelemetryWrite[],
  known: Int32Array,
  found: ReadonlyMap<number, ReadonlyMap<string, number>>,
): NewSensorReadingRow[] {
  const rows: NewSensorReadingRow[] = [];
  let index = 0;
  for (const write of stored) {
    for (const reading of write.readings ?? []) {
      const key = known[index++];
      const sensorKey = key === -1 ? found.get(write.deviceId)?.get(reading.sensorId) : key;
      if (sensorKey === undefined) {
        throw new Error(`no sensors row for ${reading.sensorId}`);
      }
      rows.push({
        sensorKey,
        ts: write.at,
        value: reading.value,
        status: reading.status,
        inAlarm: reading.inAlarm,
      });
    }
  }
  return rows;
}
