import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { clientUsers } from '../../db/tables/clients.table';
import { users } from '../../db/tables/users.table';

export async function unlinkUserFromClient(db: Database, clientId: number, userId: number): Promise<void> {
  await db.delete(clientUsers).where(and(eq(clientUsers.clientId, clientId), eq(clientUsers.userId, userId)));
}

export async function deleteUserById(db: Database, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
