import type { StateTree } from '@vigil/contracts';
import type { Database } from '../../db/database';
import type { RealtimeBus } from '../../realtime/bus';
import type * as telemetryRepo from '../telemetry/telemetry.repo';
import type { DeviceDirectory } from './device-directory';
import type { IngestMetrics, RejectReason } from './ingest-metrics';
import type { MessageBudget } from './message-budget';

/** Ingest log lines; pino (app.log) fits. */
export type IngestLog = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

export type IngestResult = { ok: true } | { ok: false; reason: RejectReason; message: string };

export type LatestTree = { json: string; receivedAt: Date };

/** Told of every stored tree, in each device's order (maintenance tests, warnings); must not throw. */
export type TreeObserver = (deviceId: number, tree: StateTree, receivedAt: Date) => Promise<void>;

/**
 * `flushNow`: commit at once instead of at the next batch (a consumer that handles one message at a time).
 * `redelivered`: the transport flags the message as a possible copy (MQTT DUP); it is stored only once.
 */
export type IngestOptions = { flushNow?: boolean; redelivered?: boolean };

export type IngestDeps = {
  db: Database;
  /** The repositories the service calls: the real modules unless a test passes fakes. */
  repos?: { telemetry: typeof telemetryRepo };
  directory: DeviceDirectory;
  bus: RealtimeBus;
  metrics: IngestMetrics;
  log: IngestLog;
  offlineAfterSeconds: number;
  flushMs?: number;
  /** Writer lanes working in parallel (writer-lanes.ts); 1 unless set. */
  writerLanes?: number;
  /** Readings the write buffers may hold before messages are refused as overloaded. */
  maxPendingPoints?: number;
  /** Messages each device may send (DEVICE_MAX_MESSAGES_PER_S); unset: no limit. */
  budget?: MessageBudget;
  now?: () => Date;
};
