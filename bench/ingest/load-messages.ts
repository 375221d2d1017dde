import type { DeviceIdentity } from '@vigil/simulator';

/** What the load generator simulates and where it publishes; a step uses the first N identities. */
export type LoadConfig = {
  brokerUrl: string;
  identities: DeviceIdentity[];
  sensors: number;
  rate: number;
  seed: number;
};

/** Wall-clock times (ms): publishing runs from startAt to measureTo; samples count from measureFrom. */
export type LoadWindow = { startAt: number; measureFrom: number; measureTo: number };

export type LoadResult = {
  /** Trees published in the measured window, and of those acknowledged (PUBACK). */
  publishedInWindow: number;
  /** Trees published by the whole run, warm-up included (bench:scale waits until the servers stored them). */
  publishedTotal: number;
  ackedInWindow: number;
  /** Publish → PUBACK of each acknowledged tree published in the window, in ms. */
  ackLatenciesMs: number[];
  /** Slots passed over because the device's previous tree was not acknowledged yet (as a gateway does). */
  skippedInFlight: number;
  /** Slots passed over because the device was disconnected. */
  skippedDisconnected: number;
  /** Publishes that failed or were still unacknowledged when the drain gave up. */
  failed: number;
  unacknowledged: number;
  /** How late the scheduler woke for its slots in the window (the generator's own saturation), ms. */
  scheduleLagP99Ms: number | null;
  /** CPU time of the generator process over the window, and its event-loop utilisation (0..1). */
  cpuMs: number;
  eventLoopUtilisation: number;
};

/**
 * `connect` hands over the fleet; `prepare` connects its first `devices` (those not connected yet);
 * `run` publishes from the first `devices` through one window and answers once their trees drained.
 */
export type ToLoadGenerator =
  | { type: 'connect'; config: LoadConfig }
  | { type: 'prepare'; devices: number }
  | { type: 'run'; window: LoadWindow; devices: number };

export type FromLoadGenerator =
  | { type: 'ready' }
  | { type: 'connected'; connected: number; failed: string[] }
  | { type: 'result'; result: LoadResult }
  | { type: 'error'; message: string };
