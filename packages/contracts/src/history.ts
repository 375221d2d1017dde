import { z } from 'zod';
import { IdParamSchema } from './common';
import { isQueryDay, TIME_MESSAGES } from './time-bounds';

/** Historical records of a device (wire-formats.md 'Historical records', monitoring spec section 'Historical'). */

export const HISTORY_MESSAGES = {
  /** No timestamp sent (the monitoring spec's text for a search without a date). */
  dateRequired: 'Please select date before!',
  timestampInvalid: 'Enter a valid date and time as YYYY-MM-DD HH:MM:00.',
} as const;

/** The historical page asks for up to 10,000 records at once; the dashboard list for 60. */
export const HISTORY_RECORDS_MAX_LIMIT = 10_000;
export const HISTORY_RECORDS_LIMIT = 60;

const TIMESTAMP_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Parts of a `YYYY-MM-DD HH:MM[:SS]` wall-clock time, or null when it is no real date and time. */
export function parseWallClock(
  text: string,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } | null {
  const match = TIMESTAMP_PATTERN.exec(text);
  if (match === null) {
    return null;
  }
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const probe = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  probe.setUTCFullYear(year, month - 1, day);
  const validDay =
    probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
  if (!validDay || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  return { year, month, day, hour, minute, second };
}

/** What is wrong with a `YYYY-MM-DD HH:MM[:SS]` query time: no real time, or off the query calendar. */
export function wallClockIssue(text: string): string | undefined {
  const clock = parseWallClock(text);
  if (clock === null) {
    return HISTORY_MESSAGES.timestampInvalid;
  }
  return isQueryDay(clock) ? undefined : TIME_MESSAGES.outOfRange;
}

export const HistoricalRecordsQuerySchema = z.object({
  timestamp: z
    .string({ error: HISTORY_MESSAGES.dateRequired })
    .trim()
    .min(1, HISTORY_MESSAGES.dateRequired)
    .superRefine((text, context) => {
      const issue = wallClockIssue(text);
      if (issue !== undefined) {
        context.addIssue({ code: 'custom', message: issue });
      }
    })
    .describe("YYYY-MM-DD HH:MM:00 in the site's timezone: records at and after it, oldest first"),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(HISTORY_RECORDS_MAX_LIMIT)
    .optional()
    .describe('Page size (default 60, at most 10000)'),
  offset: z.coerce.number().int().min(0).optional().describe('Rows to skip'),
});
export type HistoricalRecordsQuery = z.input<typeof HistoricalRecordsQuerySchema>;

export const HistoricalRecordSchema = z.object({
  timestamp: z.string().describe("YYYY-MM-DD HH:MM:SS in the site's timezone"),
  status: z.string().describe("The tree's top-level Status"),
  record_id: z.number().int().describe('Id for records/{recordId}/'),
});
export type HistoricalRecord = z.infer<typeof HistoricalRecordSchema>;

export const HistoricalRecordParamsSchema = z.object({
  id: IdParamSchema,
  recordId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
