import type { Permission } from '@vigil/contracts';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { clientUsers } from '../../db/tables/clients.table';
import { locationMemberships } from '../../db/tables/sites.table';
import { type UserRow, users } from '../../db/tables/users.table';

export type MembershipSummary = { id: number; hasAccess: boolean; permission: Permission };
export type ClientUserRow = { user: UserRow; membership: MembershipSummary | null };

export type ClientUserFilter = {
  clientId: number;
  /** Site whose membership each row carries. */
  siteId?: number;
  /** Matches first name, last name, full name or e-mail, case-insensitively. */
  filter?: string;
  limit: number;
  offset: number;
};

/** `%term%` for ILIKE with the user's % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function clientUserWhere(filter: ClientUserFilter): SQL | undefined {
  const term = filter.filter?.trim().toLowerCase() ?? '';
  const pattern = containsPattern(term);
  return and(
    eq(clientUsers.clientId, filter.clientId),
    term === ''
      ? undefined
      : or(
          ilike(users.email, pattern),
          ilike(sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, pattern),
        ),
  );
}

/** One page of the users assigned to a client, oldest first, and the total count. */
export async function findClientUsers(
  db: Database,
  filter: ClientUserFilter,
): Promise<{ count: number; rows: ClientUserRow[] }> {
  const where = clientUserWhere(filter);
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(clientUsers, eq(clientUsers.userId, users.id))
    .where(where);
  const rows = await db
    .select({
      user: users,
      membershipId: locationMemberships.id,
      hasAccess: locationMemberships.hasAccess,
      permission: locationMemberships.permission,
    })
    .from(users)
    .innerJoin(clientUsers, eq(clientUsers.userId, users.id))
    .leftJoin(
      locationMemberships,
      and(eq(locationMemberships.userId, users.id), eq(locationMemberships.locationId, filter.siteId ?? 0)),
    )
    .where(where)
    .orderBy(asc(users.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return {
    count: total?.count ?? 0,
    rows: rows.map((row) => ({
      user: row.user,
      membership:
        row.membershipId === null || row.hasAccess === null || row.permission === null
          ? null
          : { id: row.membershipId, hasAccess: row.hasAccess, permission: row.permission },
    })),
  };
}
