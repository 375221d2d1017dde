import { queryOptions } from '@tanstack/react-query';
import {
  type MailStatus,
  OUTBOX_PAGE_SIZE,
  type OutboxMailDetail,
  OutboxMailDetailSchema,
  type OutboxPage,
  OutboxPageSchema,
} from '@vigil/contracts';
import { api } from './client';

export type OutboxListParams = { page: number; status?: MailStatus };

/** Query keys of the mail outbox; invalidating `all` refreshes the table and the open message. */
export const outboxKeys = {
  all: ['outbox'] as const,
  list: (params: OutboxListParams) => [...outboxKeys.all, 'list', params] as const,
  one: (id: number) => [...outboxKeys.all, 'one', id] as const,
};

export function outboxQuery(params: OutboxListParams) {
  return queryOptions({
    queryKey: outboxKeys.list(params),
    queryFn: ({ signal }) => listOutbox(params, signal),
  });
}

export function outboxMailQuery(id: number) {
  return queryOptions({ queryKey: outboxKeys.one(id), queryFn: ({ signal }) => getOutboxMail(id, signal) });
}

/** GET outbox/?limit&offset&status: one page of 20, newest first (super users). */
export function listOutbox(params: OutboxListParams, signal?: AbortSignal): Promise<OutboxPage> {
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
