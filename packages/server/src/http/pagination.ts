import type { FastifyRequest } from 'fastify';
import type { Page } from '../db/page';

export const DEFAULT_PAGE_SIZE = 20;

/** limit/offset of a list request, with a default page size. */
export function pageOf(query: { limit?: number; offset?: number }, defaultLimit = DEFAULT_PAGE_SIZE): Page {
  return { limit: query.limit ?? defaultLimit, offset: query.offset ?? 0 };
}

/** `{count, next, previous, results}` with absolute next/previous links that keep the other query parameters. */
export function paginated<T>(request: FastifyRequest, page: Page, count: number, results: T[]) {
  const link = (offset: number): string => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    url.searchParams.set('limit', String(page.limit));
    if (offset <= 0) {
      url.searchParams.delete('offset');
    } else {
      url.searchParams.set('offset', String(offset));
    }
    return url.toString();
  };
  const next = page.offset + page.limit < count ? link(page.offset + page.limit) : null;
  const previous = page.offset > 0 ? link(Math.max(0, page.offset - page.limit)) : null;
  return { count, next, previous, results };
}
