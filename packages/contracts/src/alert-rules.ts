import { z } from 'zod';

/**
 * E-mail alert rules (accounts spec sections 2 'E-mail alert list and form', 3 'E-mail notification rule', 5,
 * 7 and 9; wire-formats.md 'E-mail rule'; docs/alert-rules.md).
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
