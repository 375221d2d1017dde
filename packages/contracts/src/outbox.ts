import { z } from 'zod';
import { paginatedSchema } from './common';

/** Delivery states of an outbox message: waiting, delivered, or failed several times (still retried). */
export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export const MailStatusSchema = z
  .enum(MAIL_STATUSES, { error: 'Select a valid choice.' })
  .describe('Delivery state');
export type MailStatus = z.infer<typeof MailStatusSchema>;

export const OUTBOX_MESSAGES = {
  alreadySent: 'This message has already been sent.',
  retryQueued: 'The message will be sent again shortly.',
  empty: 'The outbox is empty.',
} as const;

/** Page size of the outbox table. */
export const OUTBOX_PAGE_SIZE = 20;

/** GET outbox/ query. */
export const OutboxListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional().describe('Page size (default 20)'),
  offset: z.coerce.number().int().min(0).optional().describe('Rows to skip'),
  status: MailStatusSchema.optional().describe('Only messages in this state'),
});
export type OutboxListQuery = z.infer<typeof OutboxListQuerySchema>;

/** A message in the outbox list (superusers only). */
export const OutboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string().describe('Recipient address'),
  subject: z.string(),
  kind: z.string().describe("What the message is: 'activation', 'password-reset', 'feedback', ..."),
  status: MailStatusSchema,
  attempts: z.number().int().describe('Delivery attempts so far'),
  last_error: z.string().nullable().describe('Why the last attempt failed'),
  created_at: z.string().describe('ISO-8601'),
  sent_at: z.string().nullable().describe('ISO-8601, once delivered'),
  next_attempt_at: z.string().describe('ISO-8601: when the dispatcher tries next'),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

export const OutboxPageSchema = paginatedSchema(OutboxMailSchema);
export type OutboxPage = z.infer<typeof OutboxPageSchema>;

/** GET outbox/{id}/: the message with its bodies. */
export const OutboxMailDetailSchema = OutboxMailSchema.extend({
  text_body: z.string().describe('Plain-text body'),
  html_body: z.string().describe('HTML body (render only in a sandboxed frame)'),
});
export type OutboxMailDetail = z.infer<typeof OutboxMailDetailSchema>;
