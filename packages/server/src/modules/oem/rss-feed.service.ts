import { OEM_MESSAGES, type RssFeedEntry, type RssFeedItemInput } from '@vigil/contracts';
import { assertStaff } from '../../access/access';
import type { Database } from '../../db/database';
import type { RssFeedEntryRow } from '../../db/tables/oem.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import {
  deleteRssFeedEntriesExcept,
  findRssFeedEntryIds,
  insertRssFeedEntry,
  listRssFeedEntries,
  updateRssFeedEntry,
} from './rss-feed.repo';

function toRssFeedEntry(row: RssFeedEntryRow): RssFeedEntry {
  return { id: row.id, title: row.title, description: row.description, url: row.url };
}

/** GET oem/rss-feed/: every signed-in user (the feed is shown to users). */
export async function listRssFeed(db: Database): Promise<RssFeedEntry[]> {
  return (await listRssFeedEntries(db)).map(toRssFeedEntry);
}

/** Ids of the entries the list keeps (sent with an id and not marked delete). */
function keptIdsOf(items: RssFeedItemInput[]): number[] {
  return items.flatMap((item) => (item.id !== undefined && item.delete !== true ? [item.id] : []));
}

/**
 * POST oem/rss-feed/: super user and OEM send the whole list in display order, and it replaces the
 * feed: items with an id update that entry, items without one are created, entries left out or sent
 * with `delete: true` are removed. One transaction; an id that does not exist (another editor removed
 * it) refuses the whole save.
 */
export async function saveRssFeed(
  db: Database,
  user: UserRow,
  items: RssFeedItemInput[],
): Promise<RssFeedEntry[]> {
  assertStaff(user);
  return db.transaction(async (tx) => {
    const updatedIds = keptIdsOf(items);
    const existing = new Set(await findRssFeedEntryIds(tx, updatedIds));
    if (updatedIds.some((id) => !existing.has(id))) {
      throw AppError.validation({ id: [OEM_MESSAGES.rssUnknownEntry] });
    }
    await deleteRssFeedEntriesExcept(tx, updatedIds);
    const kept = items.filter((item) => item.delete !== true);
    for (const [position, item] of kept.entries()) {
      const values = {
        title: item.title ?? '',
        description: item.description ?? '',
        url: item.url ?? '',
        position,
      };
      if (item.id === undefined) {
        await insertRssFeedEntry(tx, values);
      } else {
        await updateRssFeedEntry(tx, item.id, values);
      }
    }
    return (await listRssFeedEntries(tx)).map(toRssFeedEntry);
  });
}
