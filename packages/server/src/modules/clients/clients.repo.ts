import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type ClientRow, clients, clientUsers, type NewClientRow } from './clients.table';

export async function getClientById(db: Database, id: number): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  return row;
}

export async function insertClient(db: Database, values: NewClientRow): Promise<ClientRow> {
  const [row] = await db.insert(clients).values(values).returning();
  if (row === undefined) {
    throw new Error('insert into clients returned no row');
  }
  return row;
}

export async function linkUserToClient(db: Database, clientId: number, userId: number): Promise<void> {
  await db.insert(clientUsers).values({ clientId, userId }).onConflictDoNothing();
}
