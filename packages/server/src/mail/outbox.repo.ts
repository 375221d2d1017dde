import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { type MailRow, type MailStatus, mailOutbox, type NewMailRow } from '../db/tables/outbox.table';

export async function insertMail(db: Database, values: NewMailRow): Promise<void> {
  await db.insert(mailOutbox).values(values);
}

/** Several messages in one statement. */
export async function insertMails(db: Database, rows: readonly NewMailRow[]): Promise<void> {
  if (rows.length > 0) {
    await db.insert(mailOutbox).values([...rows]);
  }
}

/** Messages whose next attempt is due, oldest first. */
export async function findDueMail(db: Database, now: Date, limit: number): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.status, ['queued', 'failed']), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(limit);
}

export async function markMailSent(db: Database, id: number, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: now, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markMailAttemptFailed(
  db: Database,
  id: number,
  update: { status: MailStatus; error: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: update.status,
      lastError: update.error.slice(0, 1000),
      nextAttemptAt: update.nextAttemptAt,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(eq(mailOutbox.id, id));
}

export async function listMail(
  db: Database,
  page: { limit: number; offset: number; status?: MailStatus },
): Promise<{ count: number; rows: MailRow[] }> {
  const where = page.status === undefined ? undefined : eq(mailOutbox.status, page.status);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(mailOutbox).where(where),
  ]);
  return { count: total?.count ?? 0, rows };
}

export async function getMailById(db: Database, id: number): Promise<MailRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row;
}

/** Makes a queued or failed message due now; undefined when it does not exist or was already sent. */
export async function scheduleMailNow(db: Database, id: number, now: Date): Promise<MailRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: now })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['queued', 'failed'])))
    .returning();
  return row;
}
