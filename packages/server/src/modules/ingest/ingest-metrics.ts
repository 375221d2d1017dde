import { Counter, type Registry } from 'prom-client';

export const REJECT_REASONS = [
  'oversize',
  'malformed_json',
  'invalid_tree',
  'invalid_boot',
  'device_mismatch',
  /** The tree's device.accessCode is not the unit's code (docs/device-protocol.md 'The access code'). */
  'access_code_mismatch',
  'unknown_device',
  'suspended',
  'topic_denied',
  'store_failed',
  'overloaded',
  /** The device sent more than its message budget (DEVICE_MAX_MESSAGES_PER_S); acknowledged and dropped. */
  'rate_limited',
  /** An unexpected error while handling the message; logged without the payload, acknowledged and dropped. */
  'internal_error',
  /**
   * A device login refused before its code was checked: its address failed too often (credential-guard.ts).
   * Counted per attempt, like a message, so a guessing flood shows on the same graph as other refusals.
   */
  'credential_throttled',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** Refusals worth sending again: the device keeps the message (no PUBACK, HTTP 503) and retries. */
export const RETRY_LATER_REASONS: readonly RejectReason[] = ['store_failed', 'overloaded'];

export type IngestMetrics = {
  messages: Counter<'kind'>;
  rejected: Counter<'reason'>;
  /** Sensors left out of accepted trees: new ids beyond the device's limits (sensor-admission.ts). */
  sensorsRefused: Counter;
};

/** Ingest counters in the app's Prometheus registry (or a private one in unit tests). */
export function createIngestMetrics(registry: Registry | undefined): IngestMetrics {
  const registers = registry === undefined ? [] : [registry];
  return {
    messages: new Counter({
      name: 'vigil_ingest_messages_total',
      help: 'Device messages accepted by the ingest, by kind (state, boot, duplicate: a redelivery stored before)',
      labelNames: ['kind'] as const,
      registers,
    }),
    rejected: new Counter({
      name: 'vigil_ingest_rejected_total',
      help: 'Device messages refused by the ingest, by reason',
      labelNames: ['reason'] as const,
      registers,
    }),
    sensorsRefused: new Counter({
      name: 'vigil_ingest_sensors_refused_total',
      help: 'Sensors left out of accepted trees: new sensor ids beyond the per-device limits, once per tree',
      registers,
    }),
  };
}
