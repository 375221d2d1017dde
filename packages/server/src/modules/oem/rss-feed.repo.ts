import { asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type RssFeedEntryRow, rssFeedEntries } from '../../db/tables/oem.table';

export type RssFeedEntryValues = Pick<RssFeedEntryRow, 'title' | 'description' | 'url' | 'position'>;

/** Every entry in display order. */
export async function listRssFeedEntries(db: Database): Promise<RssFeedEntryRow[]> {
  return db.select().from(rssFeedEntries).orderBy(asc(rssFeedEntries.position), asc(rssFeedEntries.id));
}

export async function findRssFeedEntryIds(db: Database, ids: number[]): Promise<number[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .select({ id: rssFeedEntries.id })
    .from(rssFeedEntries)
    .where(inArray(rssFeedEntries.id, ids));
  return rows.map((row) => row.id);
}

export async function insertRssFeedEntry(db: Database, values: RssFeedEntryValues): Promise<void> {
  await db.insert(rssFeedEntries).values(values);
}

export async function updateRssFeedEntry(
  db: Database,
  id: number,
  values: RssFeedEntryValues,
): Promise<void> {
  await db.update(rssFeedEntries).set(values).where(eq(rssFeedEntries.id, id));
}

/** Removes every entry but these (all of them when the list is empty). */
export async function deleteRssFeedEntriesExcept(db: Database, keptIds: number[]): Promise<void> {
  if (keptIds.length === 0) {
    await db.delete(rssFeedEntries);
    return;
  }
  await db.delete(rssFeedEntries).where(notInArray(rssFeedEntries.id, keptIds));
}
