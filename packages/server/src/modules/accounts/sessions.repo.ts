import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { type TwoFactorState, twoFactorStateColumns } from '../two-factor/two-factor.repo';
import { type UserRow, users } from '../users/users.table';
import { type SessionRow, sessions } from './sessions.table';

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

/** The columns every session lookup reads: the session, its user and the user's two-factor facts. */
export function liveSessionColumns(db: Database) {
  return { session: sessions, user: users, ...twoFactorStateColumns(db, users.id) };
}

/** The session named by the placeholder `id`, not revoked, expiring after the placeholder `now`. */
export function isLiveSession() {
  return and(
    eq(sessions.id, sql.placeholder('id')),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql.placeholder('now')),
  );
}

/** A session lookup's row as the service sees it. */
export function toLiveSession(row: {
  session: SessionRow;
  user: UserRow;
  isRegistered: boolean;
  isRequired: boolean;
}): LiveSession {
  const twoFactor = { isRegistered: row.isRegistered === true, isRequired: row.isRequired === true };
  return { session: row.session, user: row.user, twoFactor };
}

// Every authenticated request runs it: built and planned once, not per request. The two-factor facts
// ride along, so the gate needs no query of its own.
const liveSessionWithUser = preparedPerDatabase((db) =>
  db
    .select(liveSessionColumns(db))
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(isLiveSession())
    .limit(1)
    .prepare('find_live_session_with_user'),
);

export type LiveSession = { session: SessionRow; user: UserRow; twoFactor: TwoFactorState };

/**
 * The session, its user and the user's two-factor state, if the session exists, is not revoked and has
 * not expired: one query per request.
 */
export async function findLiveSessionWithUser(
  db: Database,
  id: string,
  now: Date,
): Promise<LiveSession | undefined> {
  const [row] = await liveSessionWithUser(db).execute({ id, now: now.toISOString() });
  return row === undefined ? undefined : toLiveSession(row);
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
