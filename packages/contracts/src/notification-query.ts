import { z } from 'zod';
import {
  NOTIFICATION_TYPES,
  NOTIFICATIONS_MAX_LIMIT,
  NOTIFICATIONS_MESSAGES,
  NOTIFICATIONS_RANGE_DAYS,
  NOTIFICATIONS_SEARCH_MAX_LENGTH,
  type NotificationType,
} from './notifications';
import { isQueryInstant, TIME_MESSAGES } from './time-bounds';

/**
 * The notifications log's query (monitoring spec section 3 'Notification query'; docs/notifications.md): its
 * orderings, date bounds and filters, shared by notifications/, its export and active-count/, and by the audit log.
 */

/** Fields a list may be ordered by, each also descending with '-'. */
export const NOTIFICATION_ORDERINGS = ['date_created', 'event_type', 'device', 'location'] as const;
const ORDERING_VALUES = NOTIFICATION_ORDERINGS.flatMap((field) => [field, `-${field}`]);
export type NotificationOrdering = `${'' | '-'}${(typeof NOTIFICATION_ORDERINGS)[number]}`;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date bound: `YYYY-MM-DD` (a UTC day: 'from' its start, 'to' its end), an ISO 8601 instant, or unix seconds.
 * Returns the instant, or null when the text is no date.
 */
export function parseDateBound(text: string, bound: 'from' | 'to'): Date | null {
  const trimmed = text.trim();
  if (ISO_DATE.test(trimmed)) {
    const day = new Date(`${trimmed}T00:00:00.000Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== trimmed) {
      return null;
    }
    return bound === 'from' ? day : new Date(day.getTime() + 86_400_000 - 1);
  }
  if (/^\d{9,11}(\.\d+)?$/.test(trimmed)) {
    return new Date(Number(trimmed) * 1000);
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(trimmed)) {
    return null;
  }
  const instant = new Date(trimmed);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** A query's date bound (parseDateBound), empty as none; the notifications log's and the audit trail's messages. */
export const dateBound = (bound: 'from' | 'to') =>
  z
    .string()
    .trim()
    .max(40, NOTIFICATIONS_MESSAGES.dateInvalid)
    .transform((text, context) => {
      if (text === '') {
        return undefined;
      }
      const date = parseDateBound(text, bound);
      if (date === null) {
        context.addIssue({ code: 'custom', message: NOTIFICATIONS_MESSAGES.dateInvalid });
        return z.NEVER;
      }
      if (!isQueryInstant(date.getTime())) {
        context.addIssue({ code: 'custom', message: TIME_MESSAGES.outOfRange });
        return z.NEVER;
      }
      return date;
    })
    .optional();

const flag = z
  .enum(['true', 'false', '1', '0', 'True', 'False'])
  .transform((text) => text === 'true' || text === '1' || text === 'True')
  .optional();

/** M section 3 'Notification query' (GET notifications/, export/ and, for the filters, active-count/). */
export const NotificationQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_LIMIT).optional().describe('Page size (20)'),
    offset: z.coerce.number().int().min(0).max(10_000_000).optional().describe('Rows to skip'),
    search: z
      .string()
      .trim()
      .max(NOTIFICATIONS_SEARCH_MAX_LENGTH)
      .optional()
      .describe('Words found in the content, site, device or sensor name'),
    is_active: flag.describe('true: only what is still on (the Active tab)'),
    date_created_from: dateBound('from').describe('YYYY-MM-DD, ISO 8601 or unix seconds'),
    date_created_to: dateBound('to').describe('YYYY-MM-DD (its whole day), ISO 8601 or unix seconds'),
    location: z.coerce.number().int().positive().max(2_147_483_647).optional().describe('Site id'),
    device: z.coerce.number().int().positive().max(2_147_483_647).optional().describe('Device id'),
    event_type: z
      .string()
      .trim()
      .optional()
      .transform((text, context) => {
        if (text === undefined || text === '') {
          return undefined;
        }
        const types = text.split(',').map((part) => part.trim());
        if (!types.every((type) => (NOTIFICATION_TYPES as readonly string[]).includes(type))) {
          context.addIssue({ code: 'custom', message: NOTIFICATIONS_MESSAGES.typeInvalid });
          return z.NEVER;
        }
        return types as NotificationType[];
      })
      .describe('One type or several separated by commas'),
    ordering: z
      .string()
      .trim()
      .optional()
      .refine((text) => text === undefined || text === '' || ORDERING_VALUES.includes(text), {
        message: NOTIFICATIONS_MESSAGES.orderingInvalid,
      })
      .transform((text) => (text === '' || text === undefined ? undefined : (text as NotificationOrdering)))
      .describe('date_created, event_type, device or location; "-" for descending (default -date_created)'),
    timestamp: z.string().optional().describe('Ignored (the sidebar link adds ?timestamp=now)'),
  })
  .superRefine((query, context) => {
    const { date_created_from: from, date_created_to: to } = query;
    if (from !== undefined && to !== undefined) {
      if (from > to) {
        context.addIssue({
          code: 'custom',
          path: ['date_created_from'],
          message: NOTIFICATIONS_MESSAGES.rangeInverted,
        });
      } else if (to.getTime() - from.getTime() > NOTIFICATIONS_RANGE_DAYS * 86_400_000) {
        context.addIssue({
          code: 'custom',
          path: ['date_created_to'],
          message: NOTIFICATIONS_MESSAGES.rangeTooLong,
        });
      }
    }
  });
export type NotificationQueryInput = z.input<typeof NotificationQuerySchema>;
export type NotificationQuery = z.output<typeof NotificationQuerySchema>;
