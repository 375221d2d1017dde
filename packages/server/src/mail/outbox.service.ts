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
import * as outboxRepo from './outbox.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { outbox: outboxRepo };
export type OutboxRepositories = typeof REPOSITORIES;
export type OutboxDeps = {
  db: Database;
  /** Wakes the mail dispatcher, so a retried message goes out now. */
  poke: () => void;
  now?: () => Date;
  repos?: OutboxRepositories;
};

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

/** outbox/: every e-mail Vigil queued, for super users (design.md: the outbox when no SMTP server exists). */
export class OutboxService {
  private readonly repos: OutboxRepositories;

  constructor(private readonly deps: OutboxDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET outbox/: newest first, optionally one status. */
  async list(
    user: UserRow,
    query: OutboxListQuery,
  ): Promise<{ page: { limit: number; offset: number }; count: number; results: OutboxMail[] }> {
    assertSuperuser(user);
    const page = { limit: query.limit ?? OUTBOX_PAGE_SIZE, offset: query.offset ?? 0 };
    const { count, rows } = await this.repos.outbox.listMail(this.deps.db, { ...page, status: query.status });
    return { page, count, results: rows.map(toOutboxMail) };
  }

  /** GET outbox/{id}/: the message with its text and HTML bodies. */
  async get(user: UserRow, id: number): Promise<OutboxMailDetail> {
    assertSuperuser(user);
    const row = await this.repos.outbox.getMailById(this.deps.db, id);
    if (row === undefined) {
      throw notFound();
    }
    return toOutboxMailDetail(row);
  }

  /** POST outbox/{id}/retry/: a queued or failed message becomes due now, and the dispatcher is woken. */
  async retry(user: UserRow, id: number): Promise<OutboxMailDetail> {
    const now = this.deps.now?.() ?? new Date();
    assertSuperuser(user);
    const row = await this.repos.outbox.scheduleMailNow(this.deps.db, id, now);
    if (row !== undefined) {
      this.deps.poke();
      return toOutboxMailDetail(row);
    }
    if ((await this.repos.outbox.getMailById(this.deps.db, id)) === undefined) {
      throw notFound();
    }
    throw AppError.validation({ [NON_FIELD_ERRORS]: [OUTBOX_MESSAGES.alreadySent] });
  }
}
