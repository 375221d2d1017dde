import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { feedback } from '../../db/tables/feedback.table';
import { oemSettings } from '../../db/tables/oem.table';
import { users } from '../../db/tables/users.table';

export async function insertFeedback(
  db: Database,
  values: { userId: number | null; about: string; text: string },
): Promise<void> {
  await db.insert(feedback).values(values);
}

/** The support e-mail of the OEM settings, or undefined when none is set. */
export async function findOemSupportEmail(db: Database): Promise<string | undefined> {
  const [row] = await db
    .select({ email: oemSettings.supportEmail })
    .from(oemSettings)
    .where(and(eq(oemSettings.id, 1), ne(oemSettings.supportEmail, '')))
    .limit(1);
  return row?.email.trim() || undefined;
}

export async function findActiveSuperuserEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isSuperuser, true), eq(users.isActive, true)))
    .orderBy(asc(users.id));
  return rows.map((row) => row.email);
}
