import {
  ALERT_RULE_DEFAULTS,
  type AlertContactWhen,
  type AlertEventType,
  type AlertRule,
  alertRuleProblems,
  LASTING_EVENT_TYPES,
  SMART_NOTIFY_EVENT_TYPES,
} from '@vigil/contracts';
import type { AlertRuleBody } from '../../api/alert-rules';

/** What the e-mail alert form holds (A sections 2, 3 and 5); devices are id strings, as the select keeps them. */
export type AlertRuleFormValues = {
  delivery_method: 'Email';
  send_to_alternative: boolean;
  alternative_contact: string;
  event_type: AlertEventType;
  contact_when: AlertContactWhen;
  x: number | null;
  all_devices: boolean;
  devices: string[];
  smart_notify: boolean;
  number_per_hour: number | null;
};

/** A new rule: first event type, 'As Alert happens', X = 1 (A section 9). */
export const NEW_ALERT_RULE_FORM: AlertRuleFormValues = {
  delivery_method: ALERT_RULE_DEFAULTS.delivery_method,
  send_to_alternative: ALERT_RULE_DEFAULTS.send_to_alternative,
  alternative_contact: '',
  event_type: ALERT_RULE_DEFAULTS.event_type,
  contact_when: ALERT_RULE_DEFAULTS.contact_when,
  x: ALERT_RULE_DEFAULTS.x,
  all_devices: ALERT_RULE_DEFAULTS.all_devices,
  devices: [],
  smart_notify: false,
  number_per_hour: ALERT_RULE_DEFAULTS.number_per_hour,
};

/** Smart Notify is offered only for alarm and warning events (A section 2). */
export function offersSmartNotify(eventType: AlertEventType): boolean {
  return SMART_NOTIFY_EVENT_TYPES.has(eventType);
}

/** Waiting X minutes or repeating every X hours only for events that last until cleared. */
export function offersWaiting(eventType: AlertEventType): boolean {
  return LASTING_EVENT_TYPES.has(eventType);
}

/** The unit of X: minutes for 'not cleared after X', hours for 'every X hours', none for 'as it happens'. */
export function xUnitOf(contactWhen: AlertContactWhen): 'minutes' | 'hours' | null {
  return contactWhen === 2 ? 'minutes' : contactWhen === 3 ? 'hours' : null;
}

export function toAlertRuleFormValues(rule: AlertRule): AlertRuleFormValues {
  return {
    delivery_method: rule.delivery_method,
    send_to_alternative: rule.send_to_alternative,
    alternative_contact: rule.alternative_contact ?? '',
    event_type: rule.event_type,
    contact_when: Number(rule.contact_when) as AlertContactWhen,
    x: rule.x,
    all_devices: rule.all_devices,
    devices: rule.devices.map((device) => String(device.id)),
    smart_notify: rule.number_per_hour > 0,
    number_per_hour: rule.number_per_hour,
  };
}

/**
 * The request body: Smart Notify off (or not offered) sends 0 an hour; waiting is dropped for events that do not
 * last; All Devices sends no list; an empty alternative contact is null.
 */
export function toAlertRuleBody(values: AlertRuleFormValues): AlertRuleBody {
  const smart = values.smart_notify && offersSmartNotify(values.event_type);
  // The contact is kept only while the rule sends to it: a hidden, stale address is not stored.
  const contact = values.send_to_alternative ? values.alternative_contact.trim() : '';
  return {
    delivery_method: values.delivery_method,
    send_to_alternative: values.send_to_alternative,
    alternative_contact: contact === '' ? null : contact,
    event_type: values.event_type,
    contact_when: String(
      offersWaiting(values.event_type) ? values.contact_when : 0,
    ) as AlertRuleBody['contact_when'],
    x: values.x ?? 1,
    all_devices: values.all_devices,
    number_per_hour: smart ? (values.number_per_hour ?? 0) : 0,
    devices: values.all_devices ? [] : values.devices,
  };
}

/** The cross-field message of the contracts for one field of the form's values, or null (antd validators). */
export function formProblemOf(
  values: AlertRuleFormValues,
  field: 'alternative_contact' | 'devices' | 'contact_when' | 'number_per_hour',
): string | null {
  const body = toAlertRuleBody(values);
  const problems = alertRuleProblems({
    ...body,
    contact_when: Number(body.contact_when) as AlertContactWhen,
  });
  return problems[field]?.[0] ?? null;
}

/** Smart Notify on needs a cap of at least one e-mail an hour (0 is the toggle off). */
export function numberPerHourProblem(values: AlertRuleFormValues): string | null {
  if (!values.smart_notify || !offersSmartNotify(values.event_type)) {
    return null;
  }
  const n = values.number_per_hour;
  if (n === null || !Number.isInteger(n) || n < 1) {
    return SMART_NOTIFY_AT_LEAST_ONE;
  }
  return null;
}

export const SMART_NOTIFY_AT_LEAST_ONE = 'Smart Notify needs at least 1 e-mail an hour.';
