import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sessions } from '../../db/tables/sessions.table';

export type NewSession = {
  id: string;
  userId: number;
  expiresAt: Date;
  ipAddress?: string;
  userAgent?: string;
};

export async function insertSession(db: Database, session: NewSession): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function revokeSession(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user except, optionally, one to keep. */
export async function revokeUserSessions(
  db: Database,
  userId: number,
  now: Date,
  keepId?: string,
): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepId !== undefined) {
    conditions.push(ne(sessions.id, keepId));
  }
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions));
}
