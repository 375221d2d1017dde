import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { mailOutbox } from '../../mail/outbox.table';
import { type PasswordResetTokenRow, passwordResetTokens } from './password-reset-tokens.table';

export async function insertResetToken(
  db: Database,
  values: { userId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

export async function findResetTokenByHash(
  db: Database,
  tokenHash: string,
): Promise<PasswordResetTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks every unused token of the user as used; true when `tokenId` was among them (it was still unused). */
export async function useUpResetTokens(
  db: Database,
  userId: number,
  now: Date,
  tokenId?: number,
): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return tokenId !== undefined && rows.some((row) => row.id === tokenId);
}

/** How many mails of these kinds went to an address since a time (case-insensitive address). */
export async function countMailsTo(
  db: Database,
  address: string,
  kinds: string[],
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(
      and(
        sql`lower(${mailOutbox.toAddress}) = ${address.trim().toLowerCase()}`,
        inArray(mailOutbox.kind, kinds),
        gt(mailOutbox.createdAt, since),
      ),
    );
  return row?.count ?? 0;
}
