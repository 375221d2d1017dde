import type { SensorEntry, StateTree } from '@vigil/contracts';
import { deviceRoom } from '../../realtime/rooms';
import { SensorKeys } from '../telemetry/sensor-keys';
import * as telemetryRepo from '../telemetry/telemetry.repo';
import { deviceTimeOf, RecordPolicy, readingsOf } from '../telemetry/tree-rows';
import { type DeviceDirectory, type DirectoryDevice, isLive } from './device-directory';
import type { RejectReason } from './ingest-metrics';
import type { IngestDeps, IngestOptions, IngestResult, LatestTree, TreeObserver } from './ingest-types';
import { spendBudget } from './message-budget';
import { type Parsed, parseBootMessage, parseStateTree } from './message-parse';
import { messageDigest, pruneMessageReceipts } from './message-receipts';
import { sweepSilentDevices } from './offline-sweep';
import { SensorAdmission } from './sensor-admission';
import { type TelemetryWrite, WriterOverloadedError } from './telemetry-writer';
import { takeInTree } from './tree-intake';
import { WriterLanes } from './writer-lanes';

export type {
  IngestDeps,
  IngestLog,
  IngestOptions,
  IngestResult,
  LatestTree,
  TreeObserver,
} from './ingest-types';

type Payload = Buffer | string;

/** The repositories the service calls: the real modules, or fakes in a test of a rule (IngestDeps.repos). */
const REPOSITORIES = { telemetry: telemetryRepo };

/**
 * The one pipeline every device message goes through, whatever the transport: size, JSON, schema,
 * device checks, latest tree in memory, live feed, and the batched "seen" write it resolves after.
 * Never throws: every failure is a result with a reason, logged and counted.
 */
export class IngestService {
  readonly directory: DeviceDirectory;
  private readonly latestTrees = new Map<string, LatestTree>();
  private readonly writer: WriterLanes;
  private readonly admission: SensorAdmission;
  private readonly records = new RecordPolicy();
  private readonly treeObservers: TreeObserver[] = [];
  private readonly sweeper: NodeJS.Timeout;
  private readonly receiptPruner: NodeJS.Timeout;
  private readonly now: () => Date;
  private readonly repos: typeof REPOSITORIES;

  constructor(private readonly deps: IngestDeps) {
    this.directory = deps.directory;
    this.repos = deps.repos ?? REPOSITORIES;
    this.now = deps.now ?? (() => new Date());
    const sensorKeys = new SensorKeys();
    this.admission = new SensorAdmission({
      db: deps.db,
      keys: sensorKeys,
      refused: deps.metrics.sensorsRefused,
      log: deps.log,
      now: () => this.now().getTime(),
    });
    this.writer = new WriterLanes(deps.db, {
      sensorKeys,
      lanes: deps.writerLanes,
      flushMs: deps.flushMs ?? 250,
      maxPendingPoints: deps.maxPendingPoints,
    });
    const sweepMs = Math.min(5000, (deps.offlineAfterSeconds * 1000) / 2);
    this.sweeper = setInterval(() => {
      deps.budget?.prune();
      this.admission.prune();
      void this.sweepOffline();
    }, sweepMs);
    this.sweeper.unref();
    this.receiptPruner = setInterval(() => void this.pruneReceipts(), 10 * 60 * 1000);
    this.receiptPruner.unref();
  }

  /** Loads the latest stored tree of every device (device_state), so 'latest tree on connect' survives restarts. */
  async loadLatest(): Promise<void> {
    for (const row of await this.repos.telemetry.findLatestStates(this.deps.db)) {
      if (!this.latestTrees.has(row.udfId)) {
        this.latestTrees.set(row.udfId, { json: JSON.stringify(row.tree), receivedAt: row.receivedAt });
      }
    }
  }

  /** Adds an observer of stored trees; the message's answer (PUBACK, 202) waits for every observer. */
  observeTrees(observer: TreeObserver): void {
    this.treeObservers.push(observer);
  }

  /** The last tree this instance received from the device (or loaded from device_state at start). */
  latest(udfId: string): LatestTree | undefined {
    return this.latestTrees.get(udfId);
  }

  async ingestState(udfId: string, payload: Payload, options: IngestOptions = {}): Promise<IngestResult> {
    return this.guarded(udfId, () => this.handleState(udfId, payload, options));
  }

  /** Boot messages are validated, logged, counted and stored as a power_up event. */
  async ingestBoot(udfId: string, payload: Payload, options: IngestOptions = {}): Promise<IngestResult> {
    return this.guarded(udfId, () => this.handleBoot(udfId, payload, options));
  }

  private async handleState(udfId: string, payload: Payload, options: IngestOptions): Promise<IngestResult> {
    const receivedAt = this.now();
    const device = await this.activeDevice(udfId);
    if (!device.ok) {
      return this.reject(udfId, device.reason, device.message);
    }
    const parsed = parseStateTree(payload);
    if (!parsed.ok) {
      return this.reject(udfId, parsed.reason, parsed.message);
    }
    if (parsed.value.device.deviceId !== udfId) {
      return this.reject(udfId, 'device_mismatch', `device.deviceId is not ${udfId}`);
    }
    const intake = await takeInTree(
      { directory: this.directory, admission: this.admission, log: this.deps.log },
      device.value,
      parsed.value,
      parsed.json,
    );
    if (!intake.ok) {
      return this.reject(udfId, intake.reason, intake.message);
    }
    const { tree, json } = intake;
    this.latestTrees.set(udfId, { json, receivedAt });
    if (isLive(device.value)) {
      // The directory decides: a device of a suspended site is stored but never sent live.
      this.deps.bus.publish(deviceRoom(udfId), { name: 'tree', data: { udfId, json, receivedAt } });
    }
    const result = await this.commit(
      device.value,
      {
        ...this.stateWrite(device.value.id, tree, intake.sensors, receivedAt),
        digest: messageDigest(payload),
        redelivered: options.redelivered,
      },
      'state',
      options,
    );
    if (result.ok && this.treeObservers.length > 0) {
      await Promise.all(this.treeObservers.map((observe) => observe(device.value.id, tree, receivedAt)));
    }
    return result;
  }

  private async handleBoot(udfId: string, payload: Payload, options: IngestOptions): Promise<IngestResult> {
    const receivedAt = this.now();
    const device = await this.activeDevice(udfId);
    if (!device.ok) {
      return this.reject(udfId, device.reason, device.message);
    }
    const parsed = parseBootMessage(payload);
    if (!parsed.ok) {
      return this.reject(udfId, parsed.reason, parsed.message);
    }
    const { reason, bootCount } = parsed.value;
    this.deps.log.info({ udfId, reason, bootCount }, 'device booted');
    return this.commit(
      device.value,
      {
        deviceId: device.value.id,
        at: receivedAt,
        digest: messageDigest(payload),
        redelivered: options.redelivered,
        events: [
          {
            deviceId: device.value.id,
            ts: receivedAt,
            kind: 'power_up',
            detail: { reason, bootCount: bootCount ?? null },
          },
        ],
      },
      'boot',
      options,
    );
  }

  /** Counts and logs a refusal decided outside the pipeline (the broker's topic ACL). */
  reject(udfId: string, reason: RejectReason, message: string): IngestResult {
    this.deps.metrics.rejected.inc({ reason });
    this.deps.log.warn({ udfId, reason, detail: message }, 'device message rejected');
    return { ok: false, reason, message };
  }

  /** Marks devices silent for offlineAfterSeconds offline (every 5 s, and callable from tests). */
  async sweepOffline(): Promise<string[]> {
    try {
      const udfIds = await sweepSilentDevices(this.deps.db, this.now(), this.deps.offlineAfterSeconds);
      if (udfIds.length > 0) {
        this.deps.log.info({ udfIds }, 'devices went offline');
      }
      return udfIds;
    } catch (error) {
      this.deps.log.error({ err: error }, 'offline sweep failed');
      return [];
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    clearInterval(this.receiptPruner);
    try {
      await this.writer.stop();
    } catch (error) {
      // The latest trees held back could not be saved; every acknowledged reading already is.
      this.deps.log.error({ err: error }, 'saving the latest device trees at stop failed');
    }
  }

  /** Forgets message receipts older than RECEIPT_HOURS (every 10 minutes). */
  async pruneReceipts(): Promise<number> {
    try {
      return await pruneMessageReceipts(this.deps.db, this.now());
    } catch (error) {
      this.deps.log.error({ err: error }, 'message receipts pruning failed');
      return 0;
    }
  }

  /** Spends the device's budget, then handles; an unexpected error is a refusal, never a rejected promise. */
  private async guarded(udfId: string, handle: () => Promise<IngestResult>): Promise<IngestResult> {
    try {
      return spendBudget(this.deps, udfId) ?? (await handle());
    } catch (error) {
      this.deps.log.error({ err: error, udfId }, 'device message handling failed');
      return this.reject(udfId, 'internal_error', 'the server could not handle this message');
    }
  }

  private async activeDevice(udfId: string): Promise<Parsed<DirectoryDevice>> {
    try {
      const device = await this.directory.findByUdfId(udfId);
      if (device === undefined) {
        return { ok: false, reason: 'unknown_device', message: `no device ${udfId}` };
      }
      if (device.isSuspended) {
        return { ok: false, reason: 'suspended', message: `device ${udfId} is suspended` };
      }
      return { ok: true, value: device, json: '' };
    } catch (error) {
      this.deps.log.error({ err: error, udfId }, 'device lookup failed');
      return { ok: false, reason: 'store_failed', message: 'device lookup failed' };
    }
  }

  /** The rows one accepted tree adds to the batch: latest state, a record when due, its readings and events. */
  private stateWrite(
    deviceId: number,
    tree: StateTree,
    sensors: SensorEntry[],
    at: Date,
  ): Omit<TelemetryWrite, 'digest'> {
    const record = this.records.shouldRecord(deviceId, tree, at)
      ? { deviceId, ts: at, status: tree.Status, tree }
      : undefined;
    return {
      deviceId,
      at,
      state: { deviceId, tree, receivedAt: at, deviceTime: deviceTimeOf(tree) },
      record,
      // Alarm and warning events are derived in the batch's transaction (exact-edges.ts).
      readings: readingsOf(tree, sensors),
    };
  }

  private async commit(
    device: DirectoryDevice,
    write: TelemetryWrite,
    kind: 'state' | 'boot',
    options: IngestOptions,
  ): Promise<IngestResult> {
    try {
      const committed = this.writer.write(write);
      if (options.flushNow) {
        void this.writer.flushDevice(device.id);
      }
      const outcome = await committed;
      if (outcome === 'refused') {
        this.records.forget(device.id);
        return this.reject(device.udfId, 'suspended', `device ${device.udfId} is suspended`);
      }
      this.deps.metrics.messages.inc({ kind: outcome === 'duplicate' ? 'duplicate' : kind });
    } catch (error) {
      this.records.forget(device.id);
      if (error instanceof WriterOverloadedError) {
        return this.reject(device.udfId, 'overloaded', 'the server is busy; send again later');
      }
      this.deps.log.error({ err: error, udfId: device.udfId }, 'ingest write failed');
      return this.reject(device.udfId, 'store_failed', 'the write failed; send again');
    }
    return { ok: true };
  }
}
