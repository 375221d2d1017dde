import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { preparedPerDatabase } from '../db/prepared';
import { type SessionRow, sessions } from '../db/tables/sessions.table';
import { type UserRow, users } from '../db/tables/users.table';
import type { LiveSession } from './authentication';
import { twoFactorStateColumns } from './two-factor-state.repo';

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

/** A session lookup's row as the authenticator sees it. */
export function toLiveSession(row: {
  session: SessionRow;
  user: UserRow;
  isRegistered: boolean;
  isRequired: boolean;
}): LiveSession {
  const twoFactor = { isRegistered: row.isRegistered === true, isRequired: row.isRequired === true };
  return { session: row.session, user: row.user, twoFactor };
}

// Every authenticated request runs it (through the authenticator's coalesced lookup): built and planned once,
// not per request. The two-factor facts ride along, so the gate needs no query of its own.
const liveSessionsWithUser = preparedPerDatabase((db) =>
  db
    .select(liveSessionColumns(db))
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(areLiveSessions())
    .prepare('find_live_sessions_with_user'),
);

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
