import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { clientUsers } from '../../db/tables/clients.table';
import { users } from '../../db/tables/users.table';

/** The client ids of each of the users. */
export async function findClientIdsOfUsers(
  db: Database,
  userIds: readonly number[],
): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) {
    return result;
  }
  const rows = await db
    .select({ userId: clientUsers.userId, clientId: clientUsers.clientId })
    .from(clientUsers)
    .where(inArray(clientUsers.userId, [...userIds]));
  for (const row of rows) {
    result.get(row.userId)?.push(row.clientId);
  }
  return result;
}

export async function unlinkUserFromClient(db: Database, clientId: number, userId: number): Promise<void> {
  await db.delete(clientUsers).where(and(eq(clientUsers.clientId, clientId), eq(clientUsers.userId, userId)));
}

export async function deleteUserById(db: Database, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
