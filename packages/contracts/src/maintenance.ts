import { z } from 'zod';

/**
 * Sensor maintenance tests (monitoring spec sections 3, 4, 7 and 9; wire-formats.md 'get-maintenance-info/').
 * The server runs the state machine (docs/maintenance.md); clients only start, cancel and close tests.
 */

/** Event types of a maintenance test, spelt as on the wire ('maintanance_succeeded' included). */
export const MAINTENANCE_EVENTS = {
  expectAlarmOn: 'maintenance_expect_alarm_on',
  expectAlarmOff: 'maintenance_expect_alarm_off',
  succeeded: 'maintanance_succeeded',
  canceled: 'maintenance_canceled',
  failed: 'maintenance_failed',
} as const;

export const MAINTENANCE_EVENT_TYPES = [
  MAINTENANCE_EVENTS.expectAlarmOn,
  MAINTENANCE_EVENTS.expectAlarmOff,
  MAINTENANCE_EVENTS.succeeded,
  MAINTENANCE_EVENTS.canceled,
  MAINTENANCE_EVENTS.failed,
] as const;
export const MaintenanceEventTypeSchema = z.enum(MAINTENANCE_EVENT_TYPES).describe('Maintenance event type');
export type MaintenanceEventType = z.infer<typeof MaintenanceEventTypeSchema>;

/** States of a test that is still open (a cancel removes the test at once). */
export type MaintenanceState = Exclude<MaintenanceEventType, 'maintenance_canceled'>;

/** Waiting for the sensor: the timeout runs and trees are watched. */
export const MAINTENANCE_RUNNING_STATES: readonly MaintenanceState[] = [
  MAINTENANCE_EVENTS.expectAlarmOn,
  MAINTENANCE_EVENTS.expectAlarmOff,
];

/** Each step in words, for a person reading the log (the Value column of a maintenance notification). */
export const MAINTENANCE_STEP_LABELS: Record<MaintenanceEventType, string> = {
  [MAINTENANCE_EVENTS.expectAlarmOn]: 'Test started',
  [MAINTENANCE_EVENTS.expectAlarmOff]: 'Alarm detected',
  [MAINTENANCE_EVENTS.succeeded]: 'Test succeeded',
  [MAINTENANCE_EVENTS.failed]: 'Test failed',
  [MAINTENANCE_EVENTS.canceled]: 'Test canceled',
};

/** A notification's value in words when it is a maintenance step's code (`maintanance_succeeded`...). */
export function maintenanceStepLabel(value: string | null): string | null {
  const step = MaintenanceEventTypeSchema.safeParse(value);
  return step.success ? MAINTENANCE_STEP_LABELS[step.data] : value;
}

/** Sensors whose leaf Id cannot be tested (M section 4). */
export const MAINTENANCE_EXCLUDED_SENSOR_IDS: readonly string[] = ['18000', '21000'];

/** The comment stored when the person gave none (M section 3). */
export const MAINTENANCE_NO_COMMENT = 'empty area';

/**
 * M section 9: the test fails after 540 s (MAINTENANCE_TIMEOUT_S). The dashboard counts down to that deadline
 * (get-maintenance-info/'s `deadline`), so its 0:00 is the moment the test fails (docs/decisions.md, issue 23).
 */
export const MAINTENANCE_TIMEOUT_DEFAULT_S = 540;

/** Longest comment and sensor name kept. */
export const MAINTENANCE_COMMENT_MAX_LENGTH = 1000;
export const MAINTENANCE_NAME_MAX_LENGTH = 200;

export const MAINTENANCE_MESSAGES = {
  /** M section 4, verbatim. */
  restricted: (name: string) =>
    `Maintenance Mode Restricted: Cannot start maintenance mode. Sensor "${name}" is already in maintenance. Please complete or cancel the current maintenance first.`,
  excludedSensor: (id: string) => `Sensor ${id} cannot be put in maintenance.`,
  unknownSensor:
    "This sensor is not in the device's latest state. Wait for the device to report it and try again.",
  noState: 'The device has not reported its sensors yet. Wait for the device to report them and try again.',
  sensorInAlarm: 'This sensor is in alarm. Clear the alarm before starting a maintenance test.',
  commentRequired: 'A comment is required.',
  cancelInAlarm: 'The sensor is in alarm: clear the alarm before canceling the maintenance test.',
  noTest: 'This sensor is not in maintenance.',
  notSucceeded: 'The maintenance test has not succeeded: the alarm was not seen and cleared yet.',
  notFailed: 'The maintenance test has not failed: it is still running.',
  ended: 'The maintenance test has ended: submit its result.',
  alarmSeenByServer: 'The server detects the alarm itself; this event type cannot be sent.',
  deviceMismatch: 'device_id does not match the device of the address.',
  /** M section 4 prompts, for the dashboard. */
  promptStart: 'Please click on the sensor to start the maintenance test.',
  promptInProgress: 'Testing in progress.',
  promptExpectAlarmOn: 'Sensor maintenance started. Please cause an alarm. Click to cancel',
  promptExpectAlarmOff: 'Alarm detected! Please clear alarm to finish test. Click to cancel',
} as const;

/** POST devices/{id}/maintenance/ (wire-formats.md 'Maintenance POST body'). */
export const MaintenanceStepSchema = z.object({
  device_id: z.coerce.number().int().optional().describe('The device of the address (checked when sent)'),
  event_type: MaintenanceEventTypeSchema.describe(
    'maintenance_expect_alarm_on starts a test; maintenance_canceled cancels it (comment required); ' +
      'maintanance_succeeded / maintenance_failed close a test that the server found succeeded / timed out',
  ),
  sensor_id: z
    .string()
    .trim()
    .min(1)
    .max(MAINTENANCE_NAME_MAX_LENGTH)
    .describe('Full dotted id: tree Id, group Id(s), sensor Id'),
  sensor_name: z
    .string()
    .trim()
    .max(MAINTENANCE_NAME_MAX_LENGTH)
    .optional()
    .describe('Name shown to the person'),
  comment: z
    .string()
    .trim()
    .max(MAINTENANCE_COMMENT_MAX_LENGTH)
    .optional()
    .describe(`Comment; '${MAINTENANCE_NO_COMMENT}' or empty when none`),
  maintenance_time: z.number().optional().describe("Client's clock in ms; the server records its own time"),
});
export type MaintenanceStep = z.infer<typeof MaintenanceStepSchema>;

/** One step of a test as stored (M section 3 'Maintenance record'): the audit trail. */
export const MaintenanceRecordSchema = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  sensor_id: z.string().describe('Full dotted sensor id'),
  sensor_name: z.string(),
  event_type: MaintenanceEventTypeSchema,
  maintenance_time: z.number().describe('Server time of the step, ms'),
  groupName: z.string(),
  comment: z.string(),
  engineer: z.string().describe('Name (or e-mail) of the person who started the test'),
});
export type MaintenanceRecord = z.infer<typeof MaintenanceRecordSchema>;

/** The open test of a sensor in get-maintenance-info/: the wire's three fields and the countdown's extras. */
export const MaintenanceInfoEntrySchema = z.object({
  time: z.number().describe('Start of the test, ms'),
  engineer: z.string(),
  state: MaintenanceEventTypeSchema,
  sensor_id: z.string().describe('Full dotted sensor id'),
  sensor_name: z.string(),
  group_name: z.string(),
  state_time: z.number().describe('When the test entered its state, ms'),
  deadline: z.number().describe('When a running test fails, ms'),
  server_time: z.number().describe("The server's clock when answering, ms (for the countdown)"),
});
export type MaintenanceInfoEntry = z.infer<typeof MaintenanceInfoEntrySchema>;

/** Keyed by leaf sensor Id: every sensor of the latest tree, null unless in maintenance. */
export const MaintenanceInfoSchema = z.record(z.string(), MaintenanceInfoEntrySchema.nullable());
export type MaintenanceInfo = z.infer<typeof MaintenanceInfoSchema>;
