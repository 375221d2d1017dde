import type { AlertContactWhen, AlertEventType, NotificationType } from '@vigil/contracts';

/**
 * When a rule owes e-mails for a notification (docs/alert-rules.md 'When'), pure: 'As Alert happens' (0) sends
 * at once for every matching notification, the 'on' and the 'off' of an alarm alike ('Alarm Changed');
 * 'not cleared after X minutes' (2) sends once X minutes after an 'on', if it is still on then; 'every X hours'
 * (3) sends X hours after an 'on' and every X hours after that while it stays on. 'Off' notifications and
 * instants owe nothing to modes 2 and 3.
 */

/** The rule event type of each notification type (A section 3); sensor_disappeared has no rule. */
export const RULE_EVENT_OF: Partial<Record<NotificationType, AlertEventType>> = {
  alarm_on: 'alarm',
  alarm_off: 'alarm',
  warning_on: 'warning',
  warning_off: 'warning',
  device_online: 'online_status',
  device_offline: 'online_status',
  sn2_status_change: 'sn2_status_change',
  maintenance: 'maintenance',
  power_up: 'power_up',
  test: 'test',
  device_administration: 'device_administration',
  site_administration: 'site_administration',
};

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export type FirstDelivery = { repeat: number; dueAt: Date };

/**
 * Whether a dispatched notification is planned at all: not when it is the alarm or warning of a shelved sensor
 * (issue 27, docs/shelving.md: logged, marked shelved, but no e-mail).
 */
export function isPlanned(notification: { isShelved: boolean }): boolean {
  return !notification.isShelved;
}

/** The first e-mail a rule owes for a notification made at `createdAt`, or null. */
export function firstDelivery(
  rule: { contactWhen: AlertContactWhen; x: number },
  notification: { isActive: boolean; dateCreated: Date },
  now: Date,
): FirstDelivery | null {
  if (rule.contactWhen === 0) {
    return { repeat: 0, dueAt: now };
  }
  if (!notification.isActive) {
    return null;
  }
  const wait = rule.contactWhen === 2 ? rule.x * MINUTE_MS : rule.x * HOUR_MS;
  return {
    repeat: rule.contactWhen === 2 ? 0 : 1,
    dueAt: new Date(notification.dateCreated.getTime() + wait),
  };
}

/** For 'every X hours': the reminder after the one due at `dueAt`. */
export function nextReminder(rule: { x: number }, delivery: { repeat: number; dueAt: Date }): FirstDelivery {
  return { repeat: delivery.repeat + 1, dueAt: new Date(delivery.dueAt.getTime() + rule.x * HOUR_MS) };
}

export type SendDecision =
  | { send: true }
  | { send: false; reason: 'cleared' | 'smart-notify' | 'user-inactive' | 'no-access' | 'shelved' };

/**
 * Whether a due delivery is sent: the person is still active and sees the site; for modes 2 and 3 the 'on' is
 * still on; Smart Notify (number_per_hour > 0) caps the e-mails of the rule per sensor in the last hour.
 */
export function decideSend(input: {
  contactWhen: AlertContactWhen;
  numberPerHour: number;
  sentInLastHour: number;
  stillOn: boolean;
  userActive: boolean;
  canSeeSite: boolean;
  /** The notification's sensor is shelved now (a reminder of an alarm raised before the shelf). */
  shelvedNow?: boolean;
}): SendDecision {
  if (!input.userActive) {
    return { send: false, reason: 'user-inactive' };
  }
  if (!input.canSeeSite) {
    return { send: false, reason: 'no-access' };
  }
  if (input.contactWhen !== 0 && !input.stillOn) {
    return { send: false, reason: 'cleared' };
  }
  if (input.shelvedNow === true) {
    return { send: false, reason: 'shelved' };
  }
  if (input.numberPerHour > 0 && input.sentInLastHour >= input.numberPerHour) {
    return { send: false, reason: 'smart-notify' };
  }
  return { send: true };
}
