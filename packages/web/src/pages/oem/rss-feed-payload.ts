import type { RssFeedEntry, RssFeedItemInput } from '@vigil/contracts';

/** A row of the RSS form; rows loaded from the server keep their id. */
export type RssFeedRow = { id?: number; title?: string; description?: string; url?: string };

/**
 * The whole list for POST oem/rss-feed/: the rows in their order (with id: update, without: create)
 * and, for every loaded entry whose row was removed, `{id, delete: true}`.
 */
export function buildRssSavePayload(loaded: RssFeedEntry[], rows: RssFeedRow[]): RssFeedItemInput[] {
  const keptIds = new Set(rows.flatMap((row) => (row.id === undefined ? [] : [row.id])));
  const items: RssFeedItemInput[] = rows.map((row) => ({
    ...(row.id === undefined ? {} : { id: row.id }),
    title: (row.title ?? '').trim(),
    description: (row.description ?? '').trim(),
    url: (row.url ?? '').trim(),
  }));
  const removed = loaded
    .filter((entry) => !keptIds.has(entry.id))
    .map((entry) => ({ id: entry.id, delete: true }));
  return [...items, ...removed];
}
