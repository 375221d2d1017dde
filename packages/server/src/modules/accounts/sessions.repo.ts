import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { type SessionRow, sessions } from '../../db/tables/sessions.table';
import { type UserRow, users } from '../../db/tables/users.table';
import { type TwoFactorState, twoFactorStateColumns } from '../two-factor/two-factor.repo';

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

/** The sessions named by the placeholder `ids` (a uuid array), not revoked, expiring after the placeholder `now`. */
export function areLiveSessions() {
  return and(
    sql`${sessions.id} = any(${sql.placeholder('ids')}::uuid[])`,
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql.placeholder('now')),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Session ids a lookup may send: one malformed id would fail the whole statement's uuid[] cast. */
export function sessionIdsToRead(ids: readonly string[]): string[] {
  return ids.filter((id) => UUID.test(id));
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

// Every authenticated request runs it (through accounts.service's coalesced lookup): built and planned once,
// not per request. The two-factor facts ride along, so the gate needs no query of its own.
const liveSessionsWithUser = preparedPerDatabase((db) =>
  db
    .select(liveSessionColumns(db))
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(areLiveSessions())
    .prepare('find_live_sessions_with_user'),
);

export type LiveSession = { session: SessionRow; user: UserRow; twoFactor: TwoFactorState };

/**
 * The sessions, with their users and the users' two-factor state, of those ids that exist, are not revoked
 * and have not expired: one statement for many requests.
 */
export async function findLiveSessionsWithUser(
  db: Database,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, LiveSession>> {
  const rows = await liveSessionsWithUser(db).execute({ ids: sessionIdsToRead(ids), now: now.toISOString() });
  return new Map(rows.map((row) => [row.session.id, toLiveSession(row)]));
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
