import { z } from 'zod';
import {
  ALERT_DELIVERY_METHODS,
  ALERT_EVENT_TYPES,
  ALERT_RULE_CONTACT_MAX_LENGTH,
  ALERT_RULE_MAX_DEVICES,
  ALERT_RULE_MAX_NUMBER_PER_HOUR,
  ALERT_RULE_MAX_X,
  ALERT_RULE_MESSAGES,
  ALERT_RULE_SEARCH_MAX_LENGTH,
  type AlertContactWhen,
  AlertEventTypeSchema,
  alertRuleProblems,
} from './alert-rule-choices';
import { MAX_ID, PaginationQuerySchema, paginatedSchema } from './common';
import { DeviceTypeSchema } from './devices';

/**
 * E-mail alert rules (accounts spec sections 2 'E-mail alert list and form', 3 'E-mail notification rule', 5,
 * 7 and 9; wire-formats.md 'E-mail rule'; docs/alert-rules.md).
 */

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

/** A whole number, or its decimal text (forms send text). */
function wholeNumber(min: number, max: number, minMessage: string, maxMessage: string) {
  return z
    .union([z.number(), z.string()], { error: ALERT_RULE_MESSAGES.wholeNumber })
    .transform((raw, context) => {
      const text = typeof raw === 'string' ? raw.trim() : raw;
      const value = typeof text === 'number' ? text : /^[-+]?\d+$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(value)) {
        context.addIssue({ code: 'custom', message: ALERT_RULE_MESSAGES.wholeNumber });
        return z.NEVER;
      }
      if (value < min || value > max) {
        context.addIssue({ code: 'custom', message: value < min ? minMessage : maxMessage });
        return z.NEVER;
      }
      return value;
    });
}

const ContactWhenInputSchema = z
  .union([z.enum(['0', '2', '3']), z.literal(0), z.literal(2), z.literal(3)], {
    error: (issue) =>
      isMissing(issue.input) ? ALERT_RULE_MESSAGES.typeRequired : ALERT_RULE_MESSAGES.contactWhenInvalid,
  })
  .transform((value) => Number(value) as AlertContactWhen);

const DeviceIdInputSchema = z
  .union([z.number(), z.string()], { error: ALERT_RULE_MESSAGES.deviceIdInvalid })
  .transform((raw, context) => {
    const value = typeof raw === 'number' ? raw : /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
    if (!Number.isInteger(value) || value < 1 || value > MAX_ID) {
      context.addIssue({ code: 'custom', message: ALERT_RULE_MESSAGES.deviceIdInvalid });
      return z.NEVER;
    }
    return value;
  });

const alertRuleFields = {
  delivery_method: z
    .enum(ALERT_DELIVERY_METHODS, {
      error: (issue) =>
        isMissing(issue.input)
          ? ALERT_RULE_MESSAGES.deliveryMethodRequired
          : ALERT_RULE_MESSAGES.deliveryMethodInvalid,
    })
    .describe("Delivery method: only 'Email'"),
  send_to_alternative: z
    .boolean({ error: ALERT_RULE_MESSAGES.booleanExpected })
    .describe('Send to the alternative contact instead of the account e-mail'),
  alternative_contact: z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z
        .string({ error: ALERT_RULE_MESSAGES.alternativeContactInvalid })
        .trim()
        .max(ALERT_RULE_CONTACT_MAX_LENGTH, ALERT_RULE_MESSAGES.contactTooLong)
        .email(ALERT_RULE_MESSAGES.alternativeContactInvalid)
        .nullable(),
    )
    .describe('Alternative e-mail; required when send_to_alternative'),
  event_type: z
    .enum(ALERT_EVENT_TYPES, {
      error: (issue) =>
        isMissing(issue.input) ? ALERT_RULE_MESSAGES.typeRequired : ALERT_RULE_MESSAGES.eventTypeInvalid,
    })
    .describe('Event the rule mails about'),
  contact_when: ContactWhenInputSchema.describe(
    '"0" as the alert happens, "2" if not cleared after X minutes, "3" every X hours while not cleared',
  ),
  periodical: z.boolean().describe('Ignored: the server sets it (contact_when 3)'),
  x: wholeNumber(1, ALERT_RULE_MAX_X, ALERT_RULE_MESSAGES.xMin, ALERT_RULE_MESSAGES.xMax).describe(
    'Minutes (contact_when 2) or hours (contact_when 3), at least 1',
  ),
  all_devices: z
    .boolean({ error: ALERT_RULE_MESSAGES.booleanExpected })
    .describe('Every device the person may see, now and later'),
  number_per_hour: wholeNumber(
    0,
    ALERT_RULE_MAX_NUMBER_PER_HOUR,
    ALERT_RULE_MESSAGES.numberPerHourMin,
    ALERT_RULE_MESSAGES.numberPerHourMax,
  ).describe(
    'Smart Notify: at most this many e-mails an hour per sensor; 0 = no cap (alarm and warning only)',
  ),
  devices: z
    .array(DeviceIdInputSchema, { error: ALERT_RULE_MESSAGES.deviceIdInvalid })
    .max(ALERT_RULE_MAX_DEVICES, ALERT_RULE_MESSAGES.tooManyDevices)
    .describe('Device ids (numbers or id strings) when not all_devices'),
};

/** Body of PATCH notification-settings/{id}/: any of the fields; the merged rule is checked as a whole. */
export const AlertRulePatchSchema = z.object(alertRuleFields).partial();
export type AlertRulePatch = z.infer<typeof AlertRulePatchSchema>;

/** Body of POST notification-settings/: the spec's fields, devices as ids (A sections 3, 5 and 7). */
export const AlertRuleCreateSchema = z
  .object({
    ...alertRuleFields,
    send_to_alternative: alertRuleFields.send_to_alternative.optional().default(false),
    alternative_contact: alertRuleFields.alternative_contact.optional().default(null),
    periodical: alertRuleFields.periodical.optional(),
    x: alertRuleFields.x.optional().default(1),
    all_devices: alertRuleFields.all_devices.optional().default(false),
    number_per_hour: alertRuleFields.number_per_hour.optional().default(0),
    devices: alertRuleFields.devices.optional().default([]),
  })
  .superRefine((rule, context) => {
    for (const [field, messages] of Object.entries(alertRuleProblems(rule))) {
      for (const message of messages) {
        context.addIssue({ code: 'custom', path: [field], message });
      }
    }
  });
export type AlertRuleCreate = z.infer<typeof AlertRuleCreateSchema>;

export const AlertRuleListQuerySchema = PaginationQuerySchema.extend({
  search: z
    .string()
    .trim()
    .max(ALERT_RULE_SEARCH_MAX_LENGTH)
    .optional()
    .describe('Search event label, device titles and alternative contact'),
});
export type AlertRuleListQuery = z.infer<typeof AlertRuleListQuerySchema>;

export const AlertRuleDeviceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  udf_id: z.string(),
  device_type: DeviceTypeSchema,
  is_online: z.boolean(),
});
export type AlertRuleDevice = z.infer<typeof AlertRuleDeviceSchema>;

/** One rule as answered (wire-formats.md 'E-mail rule'). */
export const AlertRuleSchema = z.object({
  id: z.number().int(),
  delivery_method: z.enum(ALERT_DELIVERY_METHODS),
  send_to_alternative: z.boolean(),
  alternative_contact: z.string().nullable(),
  event_type: AlertEventTypeSchema,
  contact_when: z.enum(['0', '2', '3']).describe('"0" | "2" | "3" on the wire'),
  periodical: z.boolean().describe('contact_when is 3'),
  x: z.number().int(),
  all_devices: z.boolean(),
  number_per_hour: z.number().int(),
  devices: z.array(AlertRuleDeviceSchema).describe('The named devices the person may still see'),
  date_created: z.string(),
  date_updated: z.string(),
});
export type AlertRule = z.infer<typeof AlertRuleSchema>;

export const AlertRulesPageSchema = paginatedSchema(AlertRuleSchema);
export type AlertRulesPage = z.infer<typeof AlertRulesPageSchema>;
