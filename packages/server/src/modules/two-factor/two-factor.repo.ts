import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sessions } from '../../db/tables/sessions.table';
import { type TwoFactorDeviceRow, twoFactorDevices } from '../../db/tables/two-factor.table';

export async function getDevice(db: Database, userId: number): Promise<TwoFactorDeviceRow | undefined> {
  const [row] = await db.select().from(twoFactorDevices).where(eq(twoFactorDevices.userId, userId)).limit(1);
  return row;
}

/**
 * Stores a new pending secret, replacing a pending one; a confirmed device is left alone.
 * Returns false when the user already has a confirmed device.
 */
export async function savePendingDevice(
  db: Database,
  userId: number,
  secretEncrypted: string,
): Promise<boolean> {
  const rows = await db
    .insert(twoFactorDevices)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: twoFactorDevices.userId,
      set: { secretEncrypted, confirmedAt: null, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactorDevices.confirmedAt),
    })
    .returning({ userId: twoFactorDevices.userId });
  return rows.length > 0;
}

/**
 * Records an accepted code: the step becomes the last used one and a pending device is confirmed.
 * Conditional on the step being newer, so two requests racing with one code cannot both succeed.
 */
export async function useDeviceStep(db: Database, userId: number, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorDevices)
    .set({
      lastUsedStep: step,
      confirmedAt: sql`coalesce(${twoFactorDevices.confirmedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(twoFactorDevices.userId, userId),
        or(isNull(twoFactorDevices.lastUsedStep), lt(twoFactorDevices.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactorDevices.userId });
  return rows.length > 0;
}

export async function markSessionVerified(db: Database, sessionId: string): Promise<void> {
  await db.update(sessions).set({ is2faVerified: true }).where(eq(sessions.id, sessionId));
}

/**
 * Removes the user's device and withdraws 'verified' from all their sessions: a verified session
 * then always means a confirmed device, which lets the gate skip its query for verified sessions.
 */
export async function deleteDevice(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorDevices).where(eq(twoFactorDevices.userId, userId));
    await tx.update(sessions).set({ is2faVerified: false }).where(eq(sessions.userId, userId));
  });
}
