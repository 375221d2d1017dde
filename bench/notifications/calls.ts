import type pg from 'pg';
import { PAGE_SIZE } from './options';
import type { DateRange } from './site-plan';

/** The calls the bench times: the log's list and active-count/ over HTTP, and the plain SQL beside them. */

export type Reader = { name: 'super user' | 'site manager'; email: string; password: string };

/** bench/ingest/provision.ts's super user (the server's CLI makes it), and the manager of one busy site. */
export const SUPER_USER: Reader = {
  name: 'super user',
  email: 'bench@vigil.test',
  password: 'Harbour-Lantern-58',
};
export const SITE_MANAGER: Reader = {
  name: 'site manager',
  email: 'manager@bench.test',
  password: 'Silo-Tower-93',
};

/** One list request: a site, the type, a date range and a page. */
export type ListRequest = { site: number; range: DateRange; offset: number };
export const EVENT_TYPE = 'alarm_on';

export async function signIn(baseUrl: string, reader: Reader): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/accounts/login-jwt/`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: reader.email, password: reader.password }),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(
      `accounts/login-jwt/ answered ${response.status} for ${reader.email}: ${text.slice(0, 300)}`,
    );
  }
  return (JSON.parse(text) as { token: string }).token;
}

export const listPath = (request: ListRequest) =>
  `/api/v1/notifications/?${new URLSearchParams({
    location: String(request.site),
    event_type: EVENT_TYPE,
    date_created_from: request.range.from.toISOString(),
    date_created_to: request.range.to.toISOString(),
    limit: String(PAGE_SIZE),
    offset: String(request.offset),
  })}`;

export const ACTIVE_COUNT_PATH = '/api/v1/notifications/active-count/';

/** A GET timed from the request until the last byte of the answer is read; parsed after the clock stops. */
export async function timedGet<T>(
  baseUrl: string,
  token: string,
  apiPath: string,
): Promise<{ ms: number; body: T }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${apiPath}`, {
    headers: { Accept: 'application/json', Authorization: `JWT ${token}` },
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) {
    throw new Error(`GET ${apiPath} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return { ms, body: JSON.parse(text) as T };
}

export type ListAnswer = { count: number; results: Array<{ id: number; event_type: string }> };

/**
 * The index-only lookup of the same rows: the page's ids straight from notifications_location_type_created_idx,
 * in its own order (`DESC NULLS LAST`, as Drizzle's `.desc()` made it; a plain `DESC` would sort every match).
 */
export const FLOOR_SQL = `SELECT id FROM notifications
  WHERE location_id = $1 AND event_type = $2 AND date_created >= $3 AND date_created <= $4
  ORDER BY date_created DESC NULLS LAST, id DESC NULLS LAST LIMIT ${PAGE_SIZE} OFFSET $5`;

export const floorParams = (request: ListRequest) => [
  request.site,
  EVENT_TYPE,
  request.range.from.toISOString(),
  request.range.to.toISOString(),
  request.offset,
];

export async function timedFloor(
  client: pg.ClientBase,
  request: ListRequest,
): Promise<{ ms: number; ids: number[] }> {
  const started = performance.now();
  const { rows } = await client.query<{ id: string }>(FLOOR_SQL, floorParams(request));
  return { ms: performance.now() - started, ids: rows.map((row) => Number(row.id)) };
}

/** Rows the list's filter matches (for choosing ranges that reach the deep page). */
export async function countMatched(client: pg.ClientBase, request: ListRequest): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notifications
      WHERE location_id = $1 AND event_type = $2 AND date_created >= $3 AND date_created <= $4`,
    floorParams(request).slice(0, 4),
  );
  return rows[0]?.n ?? 0;
}

/** What the reader has read: never (every row since they joined is unread) or everything up to a mark. */
export type ReadState = { name: 'never read' | 'read a week ago'; lastReadId: number | null; joined: Date };

/**
 * active-count/'s query run alone (notifications.repo.ts countUnread, same clauses): rows newer than the
 * reader's read mark (or than the day they joined), of the sites they see (null: every site), counted up to 1,000.
 */
export function unreadSql(state: ReadState, sites: number[] | null): { text: string; values: unknown[] } {
  const newer = state.lastReadId === null ? 'date_created >= $1' : 'id > $1';
  const values: unknown[] = [state.lastReadId ?? state.joined.toISOString()];
  const ofSites = sites === null ? '' : ' AND location_id = ANY($2::int[])';
  if (sites !== null) {
    values.push(sites);
  }
  return {
    text: `SELECT count(*)::int AS n FROM (SELECT 1 FROM notifications WHERE ${newer}${ofSites} LIMIT 1000) AS unread`,
    values,
  };
}

export async function timedUnread(
  client: pg.ClientBase,
  state: ReadState,
  sites: number[] | null,
): Promise<{ ms: number; count: number }> {
  const { text, values } = unreadSql(state, sites);
  const started = performance.now();
  const { rows } = await client.query<{ n: number }>(text, values);
  return { ms: performance.now() - started, count: rows[0]?.n ?? 0 };
}
