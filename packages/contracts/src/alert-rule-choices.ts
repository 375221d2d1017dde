import { z } from 'zod';

/**
 * The choices, limits, messages and cross-field rules of e-mail alert rules (accounts spec sections 2, 3, 5, 7
 * and 9; docs/alert-rules.md). The wire schemas that use them: alert-rules.ts.
 */

/** A section 3, with the labels the form shows. */
export const ALERT_EVENT_TYPES = [
  'alarm',
  'warning',
  'online_status',
  'sn2_status_change',
  'maintenance',
  'power_up',
  'test',
  'device_administration',
  'site_administration',
] as const;
export const AlertEventTypeSchema = z.enum(ALERT_EVENT_TYPES);
export type AlertEventType = z.infer<typeof AlertEventTypeSchema>;

export const ALERT_EVENT_TYPE_LABELS: Record<AlertEventType, string> = {
  alarm: 'Alarm Changed',
  warning: 'Warning Changed',
  online_status: 'Device Online Status Changed',
  sn2_status_change: 'SN2 Status Change',
  maintenance: 'Maintenance',
  power_up: 'Device Power Up',
  test: 'Test Email',
  device_administration: 'Device administration',
  site_administration: 'Site administration',
};

/** A section 3: 0 at once, 2 if not cleared after X minutes, 3 every X hours while not cleared. */
export const ALERT_CONTACT_WHEN = [0, 2, 3] as const;
export type AlertContactWhen = (typeof ALERT_CONTACT_WHEN)[number];

export const ALERT_CONTACT_WHEN_LABELS: Record<AlertContactWhen, string> = {
  0: 'As Alert happens',
  2: 'Notify if the alarm is not cleared after X minutes',
  3: 'Notify every X hours if the alarm is not cleared',
};

/** Smart Notify is offered only for alarm and warning rules (A section 2). */
export const SMART_NOTIFY_EVENT_TYPES: ReadonlySet<AlertEventType> = new Set(['alarm', 'warning']);

/**
 * Events that last until cleared (an alarm, a warning, a device offline): only their rules may wait X minutes or
 * repeat every X hours; for instants (power up, maintenance, …) contact_when is 'As Alert happens'.
 */
export const LASTING_EVENT_TYPES: ReadonlySet<AlertEventType> = new Set([
  'alarm',
  'warning',
  'online_status',
]);

/** E-mail rules table page size (A section 9). */
export const ALERT_RULES_PAGE_SIZE = 20;
/** Only e-mail is delivered (A section 3). */
export const ALERT_DELIVERY_METHODS = ['Email'] as const;
export type AlertDeliveryMethod = (typeof ALERT_DELIVERY_METHODS)[number];
/** Upper bounds the spec leaves open (docs/alert-rules.md): they keep values inside the integer columns. */
export const ALERT_RULE_MAX_X = 10_000;
export const ALERT_RULE_MAX_NUMBER_PER_HOUR = 1_000;
export const ALERT_RULE_MAX_DEVICES = 1_000;
export const ALERT_RULE_CONTACT_MAX_LENGTH = 254;
export const ALERT_RULE_SEARCH_MAX_LENGTH = 200;
/** E-mail rules one person may keep: each can send to any address, so their number is bounded (issue 23). */
export const ALERT_RULE_MAX_PER_PERSON = 50;

export const ALERT_RULE_MESSAGES = {
  /** A section 5, verbatim. */
  alternativeContactRequired: 'Please input your alternative contact',
  typeRequired: 'Please select your type',
  devicesRequired: 'Please select All Devices or select one of devices!',
  /** A section 5 'The input is not valid E-mail!' (the client and register forms' text). */
  alternativeContactInvalid: 'The input is not valid E-mail!',
  deliveryMethodRequired: 'Please select your delivery method',
  deliveryMethodInvalid: "The only delivery method is 'Email'.",
  eventTypeInvalid: 'Select one of the event types.',
  contactWhenInvalid: 'Select one of 0 (As Alert happens), 2 (after X minutes) or 3 (every X hours).',
  wholeNumber: 'A valid integer is required.',
  xMin: 'Ensure this value is greater than or equal to 1.',
  xMax: `Ensure this value is less than or equal to ${ALERT_RULE_MAX_X}.`,
  numberPerHourMin: 'Ensure this value is greater than or equal to 0.',
  numberPerHourMax: `Ensure this value is less than or equal to ${ALERT_RULE_MAX_NUMBER_PER_HOUR}.`,
  booleanExpected: 'Must be a valid boolean.',
  deviceIdInvalid: 'A device is named by its id.',
  tooManyDevices: `Select at most ${ALERT_RULE_MAX_DEVICES} devices.`,
  contactTooLong: `Ensure this field has no more than ${ALERT_RULE_CONTACT_MAX_LENGTH} characters.`,
  smartNotifyOnly: 'Smart Notify is offered only for Alarm Changed and Warning Changed rules.',
  lastingOnly:
    "Only Alarm Changed, Warning Changed and Device Online Status Changed rules can wait X minutes or repeat every X hours; use 'As Alert happens'.",
  tooManyRules: `You already have ${ALERT_RULE_MAX_PER_PERSON} e-mail rules, the most one person may keep. Delete or change one of them instead.`,
  /** DRF's text for an id that names nothing the person may choose. */
  unknownDevice: (id: number) => `Invalid pk "${id}" - object does not exist.`,
} as const;

/** A new rule's values (A section 9: first event type, 'As Alert happens', X = 1). */
export const ALERT_RULE_DEFAULTS = {
  delivery_method: 'Email' as AlertDeliveryMethod,
  send_to_alternative: false,
  alternative_contact: null as string | null,
  event_type: ALERT_EVENT_TYPES[0] as AlertEventType,
  contact_when: 0 as AlertContactWhen,
  x: 1,
  all_devices: false,
  number_per_hour: 0,
  devices: [] as number[],
};

/** The contact_when label with X in place ('… after 5 minutes', 'every 2 hours'). */
export function contactWhenText(contactWhen: AlertContactWhen, x: number): string {
  const label = ALERT_CONTACT_WHEN_LABELS[contactWhen];
  return contactWhen === 0 ? label : label.replace('X', String(x));
}

/** The values the cross-field rules of A sections 2 and 5 look at. */
export type AlertRuleChoice = {
  send_to_alternative: boolean;
  alternative_contact: string | null;
  event_type: AlertEventType;
  contact_when: AlertContactWhen;
  number_per_hour: number;
  all_devices: boolean;
  devices: readonly unknown[];
};

/**
 * The cross-field rules, one source for the server (after merging a PATCH) and the form: the alternative
 * contact when sending to it, Smart Notify only for alarm and warning, waiting or repeating only for events that
 * last, and All Devices or at least one device. Answers `{field: [message]}`, empty when the rule is good.
 */
export function alertRuleProblems(rule: AlertRuleChoice): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (rule.send_to_alternative && (rule.alternative_contact ?? '').trim() === '') {
    problems.alternative_contact = [ALERT_RULE_MESSAGES.alternativeContactRequired];
  }
  if (rule.contact_when !== 0 && !LASTING_EVENT_TYPES.has(rule.event_type)) {
    problems.contact_when = [ALERT_RULE_MESSAGES.lastingOnly];
  }
  if (rule.number_per_hour > 0 && !SMART_NOTIFY_EVENT_TYPES.has(rule.event_type)) {
    problems.number_per_hour = [ALERT_RULE_MESSAGES.smartNotifyOnly];
  }
  if (!rule.all_devices && rule.devices.length === 0) {
    problems.devices = [ALERT_RULE_MESSAGES.devicesRequired];
  }
  return problems;
}
