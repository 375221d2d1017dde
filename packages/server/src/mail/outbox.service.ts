import {
  NON_FIELD_ERRORS,
  OUTBOX_MESSAGES,
  OUTBOX_PAGE_SIZE,
  type OutboxListQuery,
  type OutboxMail,
  type OutboxMailDetail,
} from '@vigil/contracts';
import type { Database } from '../db/database';
import type { MailRow } from '../db/tables/outbox.table';
import type { UserRow } from '../db/tables/users.table';
import { AppError, forbidden, notFound } from '../errors';
import { getMailById, listMail, scheduleMailNow } from './outbox.repo';

/** The outbox holds every person's activation and reset links: super users only, not OEM. */
export function assertSuperuser(user: Pick<UserRow, 'isSuperuser'>): void {
  if (!user.isSuperuser) {
    throw forbidden();
  }
}

function toOutboxMail(row: MailRow): OutboxMail {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    next_attempt_at: row.nextAttemptAt.toISOString(),
  };
}

function toOutboxMailDetail(row: MailRow): OutboxMailDetail {
  return { ...toOutboxMail(row), text_body: row.textBody, html_body: row.htmlBody };
}

/** GET outbox/: newest first, optionally one status. */
export async function listOutbox(
  db: Database,
  user: UserRow,
  query: OutboxListQuery,
): Promise<{ page: { limit: number; offset: number }; count: number; results: OutboxMail[] }> {
  assertSuperuser(user);
  const page = { limit: query.limit ?? OUTBOX_PAGE_SIZE, offset: query.offset ?? 0 };
  const { count, rows } = await listMail(db, { ...page, status: query.status });
  return { page, count, results: rows.map(toOutboxMail) };
}

/** GET outbox/{id}/: the message with its text and HTML bodies. */
export async function getOutboxMail(db: Database, user: UserRow, id: number): Promise<OutboxMailDetail> {
  assertSuperuser(user);
  const row = await getMailById(db, id);
  if (row === undefined) {
    throw notFound();
  }
  return toOutboxMailDetail(row);
}

/** POST outbox/{id}/retry/: a queued or failed message becomes due now; the caller pokes the dispatcher. */
export async function retryOutboxMail(
  db: Database,
  user: UserRow,
  id: number,
  now: Date = new Date(),
): Promise<OutboxMailDetail> {
  assertSuperuser(user);
  const row = await scheduleMailNow(db, id, now);
  if (row !== undefined) {
    return toOutboxMailDetail(row);
  }
  if ((await getMailById(db, id)) === undefined) {
    throw notFound();
  }
  throw AppError.validation({ [NON_FIELD_ERRORS]: [OUTBOX_MESSAGES.alreadySent] });
}
