import { z } from 'zod';
import { DeviceTypeSchema } from './devices';
import { MAINTENANCE_EVENTS, MAINTENANCE_EXCLUDED_SENSOR_IDS } from './maintenance';
import { SENSOR_STATE_TEXTS, type Sensor } from './realtime';

/**
 * Proof-test coverage (issue 9, beyond the spec; docs/proof-tests.md). Hazard-monitoring standards ask for a
 * periodic functional test of every alarm sensor: a sensor is covered by its last successful maintenance test
 * (`maintanance_succeeded`) for the site's interval.
 */

export const PROOF_TEST_INTERVAL_DEFAULT_DAYS = 90;
export const PROOF_TEST_INTERVAL_MAX_DAYS = 3650;
/** A sensor is 'due' in the last 14 days before its due date (the whole interval when shorter). */
export const PROOF_TEST_DUE_SOON_DAYS = 14;

const DAY_MS = 86_400_000;

export const PROOF_TEST_MESSAGES = {
  intervalInvalid: `Enter a whole number of days from 1 to ${PROOF_TEST_INTERVAL_MAX_DAYS}.`,
} as const;

/** ok: tested within the interval; due: due within 14 days; overdue: past due; never: no successful test. */
export const PROOF_TEST_STATUSES = ['ok', 'due', 'overdue', 'never'] as const;
export const ProofTestStatusSchema = z.enum(PROOF_TEST_STATUSES).describe('Coverage of a sensor');
export type ProofTestStatus = z.infer<typeof ProofTestStatusSchema>;

export const PROOF_TEST_STATUS_LABELS: Record<ProofTestStatus, string> = {
  ok: 'Tested',
  due: 'Test due',
  overdue: 'Test overdue',
  never: 'Never tested',
};

/** The site's interval as sites are created and edited (an addition to A's site fields). */
export const ProofTestIntervalSchema = z.coerce
  .number({ error: PROOF_TEST_MESSAGES.intervalInvalid })
  .int(PROOF_TEST_MESSAGES.intervalInvalid)
  .min(1, PROOF_TEST_MESSAGES.intervalInvalid)
  .max(PROOF_TEST_INTERVAL_MAX_DAYS, PROOF_TEST_MESSAGES.intervalInvalid)
  .describe(`Days between proof tests of each alarm sensor (default ${PROOF_TEST_INTERVAL_DEFAULT_DAYS})`);

const HIDDEN_STATES: readonly string[] = [SENSOR_STATE_TEXTS.disabled, SENSOR_STATE_TEXTS.profileZero];

/**
 * An alarm sensor that a maintenance test can prove: a contact (BOOL) or a value with an alarm limit (Min or
 * Max), not one of the sensors maintenance refuses, not switched off in the device's configuration.
 */
export function isProofTestable(sensor: Sensor): boolean {
  if (MAINTENANCE_EXCLUDED_SENSOR_IDS.includes(String(sensor.Id))) {
    return false;
  }
  if (typeof sensor.Meta.State === 'string' && HIDDEN_STATES.includes(sensor.Meta.State)) {
    return false;
  }
  if (sensor.Type === 'BOOL') {
    return true;
  }
  return sensor.Type === 'NUMERIC' && (sensor.Meta.Min != null || sensor.Meta.Max != null);
}

/** Due date (ms) and status of a sensor last proven at `lastTestMs` (null: never). */
export function proofTestCoverage(
  lastTestMs: number | null,
  intervalDays: number,
  nowMs: number,
): { status: ProofTestStatus; dueDate: number | null } {
  if (lastTestMs === null) {
    return { status: 'never', dueDate: null };
  }
  const dueDate = lastTestMs + intervalDays * DAY_MS;
  if (dueDate <= nowMs) {
    return { status: 'overdue', dueDate };
  }
  const dueSoon = dueDate - nowMs < Math.min(PROOF_TEST_DUE_SOON_DAYS, intervalDays) * DAY_MS;
  return { status: dueSoon ? 'due' : 'ok', dueDate };
}

export const ProofTestLastTestSchema = z.object({
  time: z.number().describe('When the alarm was seen cleared, ms'),
  engineer: z.string().describe('Who ran the test'),
  comment: z.string(),
});

/**
 * The steps that end a maintenance test, as the maintenance log records them: succeeded (the alarm was seen and
 * cleared), failed (the test timed out, M section 4), canceled.
 */
export const MAINTENANCE_OUTCOME_EVENTS = [
  MAINTENANCE_EVENTS.succeeded,
  MAINTENANCE_EVENTS.failed,
  MAINTENANCE_EVENTS.canceled,
] as const;
export const MaintenanceOutcomeSchema = z
  .enum(MAINTENANCE_OUTCOME_EVENTS)
  .describe(
    'How the test ended: maintanance_succeeded, maintenance_failed (timed out) or maintenance_canceled',
  );
export type MaintenanceOutcome = z.infer<typeof MaintenanceOutcomeSchema>;

/** The newest finished test of a sensor whatever its outcome (the live view's sensor panel, issue 25). */
export const ProofTestLastResultSchema = z.object({
  event_type: MaintenanceOutcomeSchema,
  time: z.number().describe('When the test ended (alarm seen cleared, timed out or canceled), ms'),
  engineer: z.string().describe("Who ran the test ('' when not known)"),
  comment: z.string(),
});
export type ProofTestLastResult = z.infer<typeof ProofTestLastResultSchema>;

export const ProofTestSensorSchema = z.object({
  sensor_id: z.string().describe('Full dotted sensor id'),
  name: z.string(),
  group_name: z.string(),
  status: ProofTestStatusSchema,
  last_test: ProofTestLastTestSchema.nullable().describe('The last successful test: the proof'),
  due_date: z.number().nullable().describe('ms; null when never tested (due now)'),
  last_result: ProofTestLastResultSchema.nullable().describe(
    'The newest finished test whatever its outcome; null when none ended',
  ),
});
export type ProofTestSensor = z.infer<typeof ProofTestSensorSchema>;

export const ProofTestCountsSchema = z.object(
  Object.fromEntries(PROOF_TEST_STATUSES.map((status) => [status, z.number().int()])) as Record<
    ProofTestStatus,
    z.ZodNumber
  >,
);
export type ProofTestCounts = z.infer<typeof ProofTestCountsSchema>;

/** GET devices/{id}/proof-tests/ and one device of the site report. */
export const DeviceProofTestsSchema = z.object({
  device: z.object({ id: z.number().int(), title: z.string(), device_type: DeviceTypeSchema }),
  interval_days: z.number().int(),
  counts: ProofTestCountsSchema,
  sensors: z.array(ProofTestSensorSchema),
});
export type DeviceProofTests = z.infer<typeof DeviceProofTestsSchema>;

/** GET locations/{id}/proof-tests/: the printable per-site test report. */
export const SiteProofTestReportSchema = z.object({
  site: z.object({ id: z.number().int(), title: z.string(), address: z.string(), timezone: z.string() }),
  interval_days: z.number().int(),
  generated_at: z.number().describe('ms'),
  counts: ProofTestCountsSchema,
  devices: z.array(DeviceProofTestsSchema),
});
export type SiteProofTestReport = z.infer<typeof SiteProofTestReportSchema>;

export function countProofTests(sensors: ReadonlyArray<{ status: ProofTestStatus }>): ProofTestCounts {
  const counts: ProofTestCounts = { ok: 0, due: 0, overdue: 0, never: 0 };
  for (const { status } of sensors) {
    counts[status] += 1;
  }
  return counts;
}
