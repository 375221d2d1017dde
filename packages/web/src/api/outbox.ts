import {
  type MailStatus,
  OUTBOX_PAGE_SIZE,
  type OutboxMailDetail,
  OutboxMailDetailSchema,
  type OutboxPage,
  OutboxPageSchema,
} from '@vigil/contracts';
import { api } from './client';

export const OUTBOX_QUERY_KEY = ['outbox'] as const;

/** GET outbox/?limit&offset&status: one page of 20, newest first (super users). */
export function listOutbox(
  params: { page: number; status?: MailStatus },
  signal?: AbortSignal,
): Promise<OutboxPage> {
  return api.get('outbox/', {
    query: { limit: OUTBOX_PAGE_SIZE, offset: (params.page - 1) * OUTBOX_PAGE_SIZE, status: params.status },
    parse: OutboxPageSchema.parse,
    signal,
  });
}

/** GET outbox/{id}/: the message with its text and HTML bodies. */
export function getOutboxMail(id: number, signal?: AbortSignal): Promise<OutboxMailDetail> {
  return api.get(`outbox/${id}/`, { parse: OutboxMailDetailSchema.parse, signal });
}

/** POST outbox/{id}/retry/: a queued or failed message is tried again now. */
export function retryOutboxMail(id: number): Promise<OutboxMailDetail> {
  return api.post(`outbox/${id}/retry/`, { parse: OutboxMailDetailSchema.parse });
}
