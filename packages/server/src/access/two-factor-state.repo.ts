import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { clients, clientUsers } from '../db/tables/clients.table';
import { twoFactorDevices } from '../db/tables/two-factor.table';
import { users } from '../db/tables/users.table';

// The two facts the two-factor gate decides on. Every session lookup reads them, so they live with access;
// the two-factor domain writes the devices and the clients' requirement they are read from.

export type TwoFactorState = {
  /** The user has a confirmed device (me/ `registered`). */
  isRegistered: boolean;
  /** A client the user belongs to requires two-factor. */
  isRequired: boolean;
};

/**
 * Both facts of the two-factor gate as columns of a query about one user: `userId` is a value or a
 * column of the outer query (the session lookup reads them in its own statement).
 */
export function twoFactorStateColumns(db: Database, userId: number | typeof users.id) {
  const confirmedDevice = db
    .select({ one: sql`1` })
    .from(twoFactorDevices)
    .where(and(eq(twoFactorDevices.userId, userId), isNotNull(twoFactorDevices.confirmedAt)));
  const requiringClient = db
    .select({ one: sql`1` })
    .from(clientUsers)
    .innerJoin(clients, eq(clients.id, clientUsers.clientId))
    .where(and(eq(clientUsers.userId, userId), eq(clients.is2faRequired, true)));
  return {
    isRegistered: sql<boolean>`exists (${confirmedDevice})`,
    isRequired: sql<boolean>`exists (${requiringClient})`,
  };
}

/** Both facts of the two-factor gate in one round trip. */
export async function getTwoFactorState(db: Database, userId: number): Promise<TwoFactorState> {
  const [row] = await db
    .select(twoFactorStateColumns(db, userId))
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return { isRegistered: row?.isRegistered === true, isRequired: row?.isRequired === true };
}
