import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type NewUserRow, type UserRow, users } from '../../db/tables/users.table';
import { hasValuesToSet } from '../../db/update-values';

export async function findUserByActivationKey(db: Database, key: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.activationKey, key)).limit(1);
  return row;
}

/** Updates the user only while the key is still theirs; false when another request used it first. */
export async function updateUserHoldingKey(
  db: Database,
  userId: number,
  key: string,
  values: Partial<NewUserRow>,
): Promise<boolean> {
  if (!hasValuesToSet(values)) {
    return (await findUserByActivationKey(db, key))?.id === userId;
  }
  const rows = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, userId), eq(users.activationKey, key)))
    .returning({ id: users.id });
  return rows.length > 0;
}
