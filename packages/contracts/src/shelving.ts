import { z } from 'zod';
import { IdSchema } from './common';

/**
 * Shelving (issue 27, docs/shelving.md): an editor of a site shelves one sensor's alarms for a while (at most
 * 24 hours) with a required reason. While shelved, the sensor's alarms and warnings are still logged (marked
 * shelved) but send no e-mail, start no escalation and raise no toast or sound.
 */

export const SHELVE_REASON_MAX_LENGTH = 500;
/** A shelf lasts at least 5 minutes and at most 24 hours from the moment it is made. */
export const SHELVE_MIN_MINUTES = 5;
export const SHELVE_MAX_MINUTES = 24 * 60;
/** Active shelves a site may hold at once. */
export const SHELVES_PER_SITE_MAX = 500;
export const SENSOR_ID_MAX_LENGTH = 255;
/** The durations the dashboard's dialog offers (minutes), besides 'until a time'. */
export const SHELVE_DURATION_CHOICES = [60, 240, 480, 1440] as const;

export const SHELVING_MESSAGES = {
  reasonRequired: 'A reason is required.',
  reasonTooLong: `The reason has at most ${SHELVE_REASON_MAX_LENGTH} characters.`,
  whenRequired: 'Choose how long (minutes) or until when (until), not both.',
  minutesRange: `Minutes must be a whole number from ${SHELVE_MIN_MINUTES} to ${SHELVE_MAX_MINUTES} (24 hours).`,
  untilInvalid: 'Until must be an ISO-8601 time with its offset.',
  untilTooSoon: `Shelve for at least ${SHELVE_MIN_MINUTES} minutes.`,
  untilTooLate: 'Alarms can be shelved for at most 24 hours.',
  sensorRequired: 'Choose a sensor (its full dotted Id).',
  deviceNotAtSite: 'This device is not at the site.',
  tooManyShelves: `A site can have at most ${SHELVES_PER_SITE_MAX} shelved sensors at once.`,
  notActive: 'This sensor is not shelved any more.',
  noPermission: 'Only editors of the site (Engineer or Manager) can shelve or unshelve alarms.',
} as const;

/** The reason's own rules, shared by the form and the server: trimmed, 1 to 500 characters. */
export function shelveReasonProblems(reason: string): string[] {
  const trimmed = reason.trim();
  if (trimmed === '') {
    return [SHELVING_MESSAGES.reasonRequired];
  }
  return trimmed.length > SHELVE_REASON_MAX_LENGTH ? [SHELVING_MESSAGES.reasonTooLong] : [];
}

/** Problems of an end time against now: at least 5 minutes and at most 24 hours ahead. */
export function shelveUntilProblems(until: Date, now: Date): string[] {
  const minutes = (until.getTime() - now.getTime()) / 60_000;
  if (Number.isNaN(minutes)) {
    return [SHELVING_MESSAGES.untilInvalid];
  }
  if (minutes < SHELVE_MIN_MINUTES) {
    return [SHELVING_MESSAGES.untilTooSoon];
  }
  // A minute of grace for the time a request takes between the form and the server.
  return minutes > SHELVE_MAX_MINUTES + 1 ? [SHELVING_MESSAGES.untilTooLate] : [];
}

export const ShelveBodySchema = z
  .object({
    device: IdSchema.describe('The device at the site'),
    sensor_id: z
      .string()
      .trim()
      .max(SENSOR_ID_MAX_LENGTH)
      .regex(/^\S+$/, SHELVING_MESSAGES.sensorRequired)
      .describe('The full dotted sensor Id, as notifications and sensor names carry it'),
    reason: z
      .string()
      .max(SHELVE_REASON_MAX_LENGTH * 4)
      .describe('Why (trimmed, 1 to 500 characters)'),
    minutes: z.number().optional().describe('How long, in whole minutes (5 to 1,440); or give `until`'),
    until: z.string().max(64).optional().describe('Until when (ISO-8601 with offset); or give `minutes`'),
  })
  .superRefine((body, context) => {
    for (const message of shelveReasonProblems(body.reason)) {
      context.addIssue({ code: 'custom', path: ['reason'], message });
    }
    if ((body.minutes === undefined) === (body.until === undefined)) {
      context.addIssue({ code: 'custom', path: ['until'], message: SHELVING_MESSAGES.whenRequired });
    } else if (
      body.minutes !== undefined &&
      (!Number.isInteger(body.minutes) ||
        body.minutes < SHELVE_MIN_MINUTES ||
        body.minutes > SHELVE_MAX_MINUTES)
    ) {
      context.addIssue({ code: 'custom', path: ['minutes'], message: SHELVING_MESSAGES.minutesRange });
    } else if (body.until !== undefined && Number.isNaN(Date.parse(body.until))) {
      context.addIssue({ code: 'custom', path: ['until'], message: SHELVING_MESSAGES.untilInvalid });
    }
  });
export type ShelveBody = z.infer<typeof ShelveBodySchema>;

export const UNSHELVE_HOWS = ['by-hand', 'expired', 'replaced'] as const;
export type UnshelveHow = (typeof UNSHELVE_HOWS)[number];

export const ShelfSchema = z.object({
  id: z.number().int(),
  location: z.number().int(),
  device: z.object({ id: z.number().int(), title: z.string() }),
  sensor_id: z.string().describe('The full dotted sensor Id'),
  sensor_name: z.string().describe('The display name (node and network included), as the log shows it'),
  reason: z.string(),
  shelved_at: z.string().describe('ISO-8601'),
  shelved_by: z.string(),
  until: z.string().describe('ISO-8601'),
  active: z.boolean(),
  unshelved_at: z.string().nullable(),
  unshelved_by: z.string().nullable(),
  how: z
    .enum(UNSHELVE_HOWS)
    .nullable()
    .describe('How it ended: by hand, expired, or replaced by a newer shelf'),
});
export type Shelf = z.infer<typeof ShelfSchema>;

export const ShelvedSensorsSchema = z.object({
  location: z.number().int(),
  timezone: z.string().describe("The site's IANA zone, for showing times"),
  can_edit: z.boolean().describe('The reader may shelve and unshelve (editors of the site)'),
  count: z.number().int(),
  results: z.array(ShelfSchema).describe('Active shelves, the soonest to end first'),
});
export type ShelvedSensors = z.infer<typeof ShelvedSensorsSchema>;

export const ShelfParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  shelfId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
