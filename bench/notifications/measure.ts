import type pg from 'pg';
import { latencyFigures } from '../graphs/summary';
import {
  ACTIVE_COUNT_PATH,
  countMatched,
  type ListAnswer,
  type ListRequest,
  listPath,
  type Reader,
  type ReadState,
  timedFloor,
  timedGet,
  timedUnread,
} from './calls';
import { DEEP_PAGE, type NotificationsBenchOptions, PAGE_SIZE } from './options';
import type { SeedRecord } from './seed';
import { pickOne, randomRange } from './site-plan';
import { type CallResult, verdictOf } from './summary';

/**
 * The timed part: for each reader, the list call (page 1 and page 200) and active-count/ (never read, read a
 * week ago), each request beside the same rows looked up by plain SQL on one connection. The two alternate
 * which goes first, so neither always finds the other's pages in the cache. Every answer is checked: the
 * API's page must hold exactly the ids the index lookup found, and its count the same number.
 */

export type SignedIn = { reader: Reader; token: string; userId: number; sites: number[] | null };
type Timed = { apiMs: number; floorMs: number; matched: number };

const DEEP_OFFSET = (DEEP_PAGE - 1) * PAGE_SIZE;
const RANGE_TRIES = 200;

async function alternate(i: number, api: () => Promise<number>, floor: () => Promise<number>) {
  if (i % 2 === 0) {
    const apiMs = await api();
    return { apiMs, floorMs: await floor() };
  }
  const floorMs = await floor();
  return { apiMs: await api(), floorMs };
}

/** A request of the reader's sites, with a range that reaches `offset` + a full page (tries random ranges). */
async function planRequest(
  client: pg.ClientBase,
  seed: SeedRecord,
  sites: number[],
  offset: number,
  random: () => number,
): Promise<ListRequest> {
  for (let attempt = 0; attempt < RANGE_TRIES; attempt += 1) {
    const request = {
      site: pickOne(random, sites),
      range: randomRange(random, seed.fromMs, seed.toMs),
      offset,
    };
    if (offset === 0 || (await countMatched(client, request)) >= offset + PAGE_SIZE) {
      return request;
    }
  }
  throw new Error(
    `no 30-day range of sites ${sites.slice(0, 5).join(', ')}… holds ${offset + PAGE_SIZE} rows: seed more rows (--rows)`,
  );
}

async function timeList(
  baseUrl: string,
  who: SignedIn,
  client: pg.ClientBase,
  request: ListRequest,
  i: number,
): Promise<Timed> {
  let answer: ListAnswer | undefined;
  let ids: number[] = [];
  const times = await alternate(
    i,
    async () => {
      const got = await timedGet<ListAnswer>(baseUrl, who.token, listPath(request));
      answer = got.body;
      return got.ms;
    },
    async () => {
      const got = await timedFloor(client, request);
      ids = got.ids;
      return got.ms;
    },
  );
  const shown = answer?.results.map((item) => item.id) ?? [];
  if (
    answer === undefined ||
    shown.join() !== ids.join() ||
    (request.offset > 0 && shown.length !== PAGE_SIZE)
  ) {
    throw new Error(
      `${listPath(request)} as ${who.reader.name}: the API's page [${shown.slice(0, 3).join()}… ${shown.length}] is not the index lookup's [${ids.slice(0, 3).join()}… ${ids.length}]`,
    );
  }
  return { ...times, matched: answer.count };
}

export async function measureList(
  baseUrl: string,
  who: SignedIn,
  client: pg.ClientBase,
  seed: SeedRecord,
  page: 1 | typeof DEEP_PAGE,
  options: Pick<NotificationsBenchOptions, 'requests' | 'warmup'>,
  random: () => number,
): Promise<CallResult> {
  const offset = page === 1 ? 0 : DEEP_OFFSET;
  const allowed = who.sites ?? seed.sites.filter((site) => page === 1 || site.busy).map((site) => site.id);
  const timed: Timed[] = [];
  for (let i = 0; i < options.warmup + options.requests; i += 1) {
    const request = await planRequest(client, seed, allowed, offset, random);
    const result = await timeList(baseUrl, who, client, request, i);
    if (i >= options.warmup) {
      timed.push(result);
    }
  }
  return resultOf(who, `list page ${page}`, timed, `${page === 1 ? 'any' : 'busy'} site`);
}

async function setReadState(client: pg.ClientBase, userId: number, state: ReadState): Promise<void> {
  await client.query('DELETE FROM notification_reads WHERE user_id = $1', [userId]);
  if (state.lastReadId !== null) {
    await client.query(
      'INSERT INTO notification_reads (user_id, last_read_id, read_at) VALUES ($1, $2, now())',
      [userId, state.lastReadId],
    );
  }
}

export async function measureActiveCount(
  baseUrl: string,
  who: SignedIn,
  client: pg.ClientBase,
  state: ReadState,
  options: Pick<NotificationsBenchOptions, 'requests' | 'warmup'>,
): Promise<CallResult> {
  await setReadState(client, who.userId, state);
  const timed: Timed[] = [];
  for (let i = 0; i < options.warmup + options.requests; i += 1) {
    let apiCount = -1;
    let sqlCount = -2;
    const times = await alternate(
      i,
      async () => {
        const got = await timedGet<number>(baseUrl, who.token, ACTIVE_COUNT_PATH);
        apiCount = got.body;
        return got.ms;
      },
      async () => {
        const got = await timedUnread(client, state, who.sites);
        sqlCount = got.count;
        return got.ms;
      },
    );
    if (apiCount !== sqlCount) {
      throw new Error(
        `active-count/ as ${who.reader.name} (${state.name}) answered ${apiCount}, the SQL ${sqlCount}`,
      );
    }
    if (i >= options.warmup) {
      timed.push({ ...times, matched: apiCount });
    }
  }
  return resultOf(who, `active-count/, ${state.name}`, timed, 'its sites');
}

function resultOf(who: SignedIn, call: string, timed: Timed[], sites: string): CallResult {
  const api = latencyFigures(timed.map((t) => t.apiMs));
  const matched = timed.map((t) => t.matched);
  return {
    reader: who.reader.name,
    call,
    sites: who.sites === null ? sites : `site ${who.sites.join(', ')}`,
    api,
    floor: latencyFigures(timed.map((t) => t.floorMs)),
    matched: {
      min: Math.min(...matched),
      max: Math.max(...matched),
      mean: Math.round(matched.reduce((sum, n) => sum + n, 0) / Math.max(1, matched.length)),
    },
    verdict: verdictOf(api.p95Ms),
  };
}

export async function readStates(client: pg.ClientBase, seed: SeedRecord): Promise<ReadState[]> {
  const joined = new Date(seed.fromMs - 86_400_000);
  const { rows } = await client.query<{ id: string | null }>(
    'SELECT max(id) AS id FROM notifications WHERE date_created < $1',
    [new Date(seed.toMs - 7 * 86_400_000).toISOString()],
  );
  return [
    { name: 'never read', lastReadId: null, joined },
    { name: 'read a week ago', lastReadId: Number(rows[0]?.id ?? 0), joined },
  ];
}
