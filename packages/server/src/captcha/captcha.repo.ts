import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../db/database';
import { captchaRedemptions } from '../db/tables/captcha.table';

/** Records a key as used; false when it already was (a replay). */
export async function insertRedemption(db: Database, key: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(captchaRedemptions)
    .values({ signature: key, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: captchaRedemptions.signature });
  return rows.length > 0;
}

/** Whether a key is recorded and its record has not expired. */
export async function hasRedemption(db: Database, key: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ signature: captchaRedemptions.signature })
    .from(captchaRedemptions)
    .where(and(eq(captchaRedemptions.signature, key), gt(captchaRedemptions.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

export async function deleteExpiredRedemptions(db: Database, now: Date): Promise<void> {
  await db.delete(captchaRedemptions).where(lte(captchaRedemptions.expiresAt, now));
}
