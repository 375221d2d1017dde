import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { clientUsers } from '../../db/tables/clients.table';
import { users } from '../../db/tables/users.table';

// A person's links to clients (client_users): the users domain owns them, as it owns the site memberships.

/** Assigns a person to a client; `asAdministrator` also makes them accounts management of that client. */
export async function linkUserToClient(
  db: Database,
  clientId: number,
  userId: number,
  options: { asAdministrator?: boolean } = {},
): Promise<void> {
  const insert = db
    .insert(clientUsers)
    .values({ clientId, userId, isAccountsManagement: options.asAdministrator ?? false });
  if (options.asAdministrator === true) {
    await insert.onConflictDoUpdate({
      target: [clientUsers.clientId, clientUsers.userId],
      set: { isAccountsManagement: true },
    });
    return;
  }
  await insert.onConflictDoNothing();
}

/** Sets or clears accounts management of a person for the given clients they belong to. */
export async function setClientAdministrator(
  db: Database,
  userId: number,
  clientIds: number[],
  isAdministrator: boolean,
): Promise<void> {
  if (clientIds.length === 0) {
    return;
  }
  await db
    .update(clientUsers)
    .set({ isAccountsManagement: isAdministrator })
    .where(and(eq(clientUsers.userId, userId), inArray(clientUsers.clientId, clientIds)));
}

export async function unlinkUserFromClient(db: Database, clientId: number, userId: number): Promise<void> {
  await db.delete(clientUsers).where(and(eq(clientUsers.clientId, clientId), eq(clientUsers.userId, userId)));
}

export async function deleteUserById(db: Database, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
