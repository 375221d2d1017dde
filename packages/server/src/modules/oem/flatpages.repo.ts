import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type FlatpageRow, flatpages } from '../../db/tables/oem.table';
import { hasValuesToSet } from '../../db/update-values';

export type FlatpageValues = Pick<FlatpageRow, 'url' | 'title' | 'content' | 'css'>;

/** Every static page, ordered by address. */
export async function listFlatpages(db: Database): Promise<FlatpageRow[]> {
  return db.select().from(flatpages).orderBy(asc(flatpages.url));
}

/** One page of static pages, ordered by address, and the total count. */
export async function listFlatpagesPage(
  db: Database,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: FlatpageRow[] }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(flatpages)
      .orderBy(asc(flatpages.url), asc(flatpages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(flatpages),
  ]);
  return { count: total?.count ?? 0, rows };
}

export async function getFlatpageById(db: Database, id: number): Promise<FlatpageRow | undefined> {
  const [row] = await db.select().from(flatpages).where(eq(flatpages.id, id)).limit(1);
  return row;
}

export async function getFlatpageByUrl(db: Database, url: string): Promise<FlatpageRow | undefined> {
  const [row] = await db.select().from(flatpages).where(eq(flatpages.url, url)).limit(1);
  return row;
}

export async function insertFlatpage(db: Database, values: FlatpageValues): Promise<FlatpageRow> {
  const [row] = await db.insert(flatpages).values(values).returning();
  if (row === undefined) {
    throw new Error('insert into flatpages returned no row');
  }
  return row;
}

export async function updateFlatpage(
  db: Database,
  id: number,
  values: Partial<FlatpageValues>,
): Promise<FlatpageRow | undefined> {
  if (!hasValuesToSet(values)) {
    return getFlatpageById(db, id);
  }
  const [row] = await db
    .update(flatpages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(flatpages.id, id))
    .returning();
  return row;
}

/** True when a row was removed. */
export async function deleteFlatpage(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(flatpages).where(eq(flatpages.id, id)).returning({ id: flatpages.id });
  return rows.length > 0;
}
