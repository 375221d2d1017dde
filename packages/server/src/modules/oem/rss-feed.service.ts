import { OEM_MESSAGES, type RssFeedEntry, type RssFeedItemInput } from '@vigil/contracts';
import { assertStaff } from '../../access/access';
import type { Database } from '../../db/database';
import type { RssFeedEntryRow } from '../../db/tables/oem.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import * as rssFeedRepo from './rss-feed.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { rssFeed: rssFeedRepo };
export type RssFeedRepositories = typeof REPOSITORIES;
export type RssFeedDeps = { db: Database; repos?: RssFeedRepositories };

function toRssFeedEntry(row: RssFeedEntryRow): RssFeedEntry {
  return { id: row.id, title: row.title, description: row.description, url: row.url };
}

/** Ids of the entries the list keeps (sent with an id and not marked delete). */
function keptIdsOf(items: RssFeedItemInput[]): number[] {
  return items.flatMap((item) => (item.id !== undefined && item.delete !== true ? [item.id] : []));
}

/** The RSS feed shown to users; super user and OEM replace it. */
export class RssFeedService {
  private readonly repos: RssFeedRepositories;

  constructor(private readonly deps: RssFeedDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET oem/rss-feed/: every signed-in user (the feed is shown to users). */
  async list(): Promise<RssFeedEntry[]> {
    return (await this.repos.rssFeed.listRssFeedEntries(this.deps.db)).map(toRssFeedEntry);
  }

  /**
   * POST oem/rss-feed/: super user and OEM send the whole list in display order, and it replaces the
   * feed: items with an id update that entry, items without one are created, entries left out or sent
   * with `delete: true` are removed. One transaction; an id that does not exist (another editor removed
   * it) refuses the whole save.
   */
  async save(user: UserRow, items: RssFeedItemInput[]): Promise<RssFeedEntry[]> {
    assertStaff(user);
    return this.deps.db.transaction(async (tx) => {
      const updatedIds = keptIdsOf(items);
      const existing = new Set(await this.repos.rssFeed.findRssFeedEntryIds(tx, updatedIds));
      if (updatedIds.some((id) => !existing.has(id))) {
        throw AppError.validation({ id: [OEM_MESSAGES.rssUnknownEntry] });
      }
      await this.repos.rssFeed.deleteRssFeedEntriesExcept(tx, updatedIds);
      const kept = items.filter((item) => item.delete !== true);
      for (const [position, item] of kept.entries()) {
        const values = {
          title: item.title ?? '',
          description: item.description ?? '',
          url: item.url ?? '',
          position,
        };
        if (item.id === undefined) {
          await this.repos.rssFeed.insertRssFeedEntry(tx, values);
        } else {
          await this.repos.rssFeed.updateRssFeedEntry(tx, item.id, values);
        }
      }
      return (await this.repos.rssFeed.listRssFeedEntries(tx)).map(toRssFeedEntry);
    });
  }
}
