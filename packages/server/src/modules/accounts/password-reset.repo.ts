import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type PasswordResetTokenRow, passwordResetTokens } from '../../db/tables/password-reset-tokens.table';

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
