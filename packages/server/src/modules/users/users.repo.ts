import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type NewUserRow, type UserRow, users } from '../../db/tables/users.table';
import { hasValuesToSet } from '../../db/update-values';

/** Finds an active or inactive user by e-mail or username, case-insensitively. */
export async function findUserByLogin(db: Database, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = ${value}`, sql`lower(${users.username}) = ${value}`))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function getUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(db: Database, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (row === undefined) {
    throw new Error('insert into users returned no row');
  }
  return row;
}

export async function updateUser(db: Database, id: number, values: Partial<NewUserRow>): Promise<void> {
  if (!hasValuesToSet(values)) {
    return;
  }
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}
