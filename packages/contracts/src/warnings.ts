import { z } from 'zod';
import { MAX_ID, paginatedSchema } from './common';

/**
 * Warnings of a device (monitoring spec sections 2 'Warnings modal', 3 'Warning', 5, 6 and 7; wire-formats.md
 * 'Warnings list items'; docs/warnings.md): a person's own threshold on one sensor — 'warn me when this reading
 * is above / below / equal to this value for this long'. The server evaluates them on every tree it stores.
 */

export const WARNING_SIGNS = ['>', '<', '='] as const;
export const WarningSignSchema = z
  .enum(WARNING_SIGNS)
  .describe("Comparison of the reading with value: '>', '<' or '='");
export type WarningSign = z.infer<typeof WarningSignSchema>;

/** The longest delay a warning may wait for (a day). */
export const WARNING_MAX_DELAY_SECONDS = 86_400;
/** A device holds at most this many warnings: the clients read them as one page of `?limit=100`. */
export const WARNINGS_MAX_PER_DEVICE = 100;
/** GET settings/warnings/ answers this page size unless limit says otherwise (the clients send 100). */
export const WARNINGS_PAGE_SIZE = 100;
/** Longest sensor id kept (a dotted path of a few Ids). */
export const WARNING_SENSOR_ID_MAX_LENGTH = 200;

export const WARNINGS_MESSAGES = {
  /** M section 5, verbatim. */
  sensorRequired: 'Please select your sensor',
  signRequired: 'Please select...',
  valueRequired: 'Please input your value',
  delayRequired: 'Please input your value',
  /** M section 6, verbatim: the web's text when the person may not edit. The API's 403 detail too. */
  noPermission: 'You do not have permission to edit warnings!',
  /** M section 2, verbatim: the Warnings modal without warnings. */
  empty: 'There are no warnings for this device',
  valueInvalid: 'Enter a valid number.',
  delayInvalid: `Enter a whole number of seconds from 0 to ${WARNING_MAX_DELAY_SECONDS}.`,
  sensorTooLong: `Ensure the sensor id has no more than ${WARNING_SENSOR_ID_MAX_LENGTH} characters.`,
  unknownSensor: "This sensor is not in the device's latest state.",
  ambiguousSensor: 'Several sensors of this device have this Id: send the full dotted sensor id.',
  noState: 'The device has not reported its sensors yet. Wait for the device to report them and try again.',
  listExpected: 'Expected a list of warnings.',
  tooMany: `A device can have at most ${WARNINGS_MAX_PER_DEVICE} warnings.`,
} as const;

/** Decimal text ('12', '-3.5', '1e3'); hexadecimal, 'Infinity' and the like are no numbers here. */
const DECIMAL_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A number, or its decimal text (the earlier client sends the value as text); blank is `required`. */
function numberOrText(required: string, invalid: string) {
  return z.union([z.number(), z.string()], { error: required }).transform((raw, context) => {
    const text = typeof raw === 'string' ? raw.trim() : raw;
    if (text === '') {
      context.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const value = typeof text === 'number' ? text : DECIMAL_TEXT.test(text) ? Number(text) : Number.NaN;
    if (!Number.isFinite(value)) {
      context.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return value;
  });
}

/** One warning of POST settings/warnings/ (the whole list is sent; it replaces the device's list). */
export const WarningInputSchema = z.object({
  sign: z.enum(WARNING_SIGNS, { error: WARNINGS_MESSAGES.signRequired }).describe("'>', '<' or '='"),
  value: numberOrText(WARNINGS_MESSAGES.valueRequired, WARNINGS_MESSAGES.valueInvalid).describe(
    'Threshold: a number or its decimal text',
  ),
  sensor_id: z
    .union([z.string(), z.number()], { error: WARNINGS_MESSAGES.sensorRequired })
    .transform((raw, context) => {
      const id = String(raw).trim();
      if (id === '') {
        context.addIssue({ code: 'custom', message: WARNINGS_MESSAGES.sensorRequired });
        return z.NEVER;
      }
      if (id.length > WARNING_SENSOR_ID_MAX_LENGTH) {
        context.addIssue({ code: 'custom', message: WARNINGS_MESSAGES.sensorTooLong });
        return z.NEVER;
      }
      return id;
    })
    .describe("The sensor: its full dotted id, or its leaf Id when that is unique in the device's tree"),
  delay_seconds: numberOrText(WARNINGS_MESSAGES.delayRequired, WARNINGS_MESSAGES.delayInvalid)
    .refine((seconds) => Number.isInteger(seconds) && seconds >= 0 && seconds <= WARNING_MAX_DELAY_SECONDS, {
      message: WARNINGS_MESSAGES.delayInvalid,
    })
    .nullish()
    .transform((seconds) => seconds ?? 0)
    .describe(
      `How long the condition must hold before the warning is raised, 0..${WARNING_MAX_DELAY_SECONDS} s; absent or null: 0`,
    ),
});
export type WarningInput = z.infer<typeof WarningInputSchema>;

export const WarningsSaveSchema = z
  .array(WarningInputSchema, { error: WARNINGS_MESSAGES.listExpected })
  .max(WARNINGS_MAX_PER_DEVICE, WARNINGS_MESSAGES.tooMany)
  .describe("The device's whole list of warnings; it replaces the stored one");
export type WarningsSave = z.infer<typeof WarningsSaveSchema>;

const RefSchema = z.object({ id: z.number().int().positive().max(MAX_ID), title: z.string() });

/** One item of GET settings/warnings/ (wire-formats.md 'Warnings list items'; M section 3 'Warning'). */
export const WarningSchema = z.object({
  id: z.number().int(),
  name: z.string().describe("The sensor's name in the latest tree (its id when the tree no longer has it)"),
  sign: WarningSignSchema,
  value: z.number().describe('Threshold'),
  unit: z.string().nullable().describe("The sensor's Meta.Units in the latest tree"),
  sensor_id: z.string().describe('Full dotted sensor id'),
  delay_seconds: z.number().int(),
  device: RefSchema.describe('The device (id, title)'),
  location: RefSchema.describe("The device's site (id, title)"),
});
export type Warning = z.infer<typeof WarningSchema>;

export const WarningsPageSchema = paginatedSchema(WarningSchema);
export type WarningsPage = z.infer<typeof WarningsPageSchema>;

/**
 * `detail` of the warning_on / warning_off device events a warning raises. `warning_id` tells them from the
 * device's own WARNING status edges (whose detail has none); `reading` is the sensor's value that decided (null
 * when an active warning was removed from the list, which also sets `removed`).
 */
export const WarningEventDetailSchema = z.object({
  warning_id: z.number().int(),
  sign: WarningSignSchema,
  value: z.number(),
  delay_seconds: z.number().int(),
  reading: z.number().nullable(),
  /** The sensor's Meta.Units and Name when it crossed, for the notification's text (absent on older events). */
  units: z.string().nullable().optional(),
  name: z.string().optional(),
  removed: z.literal(true).optional(),
});
export type WarningEventDetail = z.infer<typeof WarningEventDetailSchema>;
