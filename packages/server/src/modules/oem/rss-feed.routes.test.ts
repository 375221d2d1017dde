import { NON_FIELD_ERRORS, OEM_MESSAGES, RSS_MESSAGES, type RssFeedEntry } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RoleHeaders, signInEveryRole } from '../../../test/fixtures/oem';
import { buildTestApp, type TestApp } from '../../../test/test-app';

const RSS = '/api/v1/oem/rss-feed/';

type Page = { count: number; next: null; previous: null; results: RssFeedEntry[] };

describe('RSS feed API', () => {
  let t: TestApp;
  let as: RoleHeaders;

  beforeAll(async () => {
    t = await buildTestApp();
    as = await signInEveryRole(t.app, t.db);
  });
  afterAll(async () => t.close());

  const save = (authorization: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: RSS, headers: { authorization }, payload: payload as object });
  const list = async (): Promise<RssFeedEntry[]> =>
    (await t.app.inject({ method: 'GET', url: RSS, headers: { authorization: as.user } })).json<Page>()
      .results;
  const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

  it('answers an empty list to any signed-in user at first, and 401 to visitors', async () => {
    for (const authorization of [as.superuser, as.oem, as.accounts, as.manager, as.engineer, as.user]) {
      const response = await t.app.inject({ method: 'GET', url: RSS, headers: { authorization } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(page([]));
    }
    expect((await t.app.inject({ method: 'GET', url: RSS })).statusCode).toBe(401);
  });

  it('creates entries in the order sent and answers 201 with the new list', async () => {
    const response = await save(as.oem, [
      { title: 'New F500 firmware', description: 'Version 5.2 is out', url: 'https://maker.test/f500' },
      { title: 'Webinar', description: 'Belt alignment basics', url: 'http://maker.test/webinar' },
    ]);
    expect(response.statusCode).toBe(201);
    const entries = response.json<Page>().results;
    expect(response.json()).toEqual(page(entries));
    expect(entries.map((entry) => entry.title)).toEqual(['New F500 firmware', 'Webinar']);
    expect(entries.every((entry) => Number.isInteger(entry.id))).toBe(true);
    expect(await list()).toEqual(entries);
  });

  it('updates entries with an id, deletes those marked delete and creates the rest, in one save', async () => {
    const [first, second] = await list();
    if (first === undefined || second === undefined) {
      throw new Error('two entries expected');
    }
    const response = await save(as.superuser, [
      { id: second.id, title: 'Webinar (recorded)', description: second.description, url: second.url },
      { id: first.id, delete: true },
      { title: 'Safety notice', description: 'Check gas sensors yearly', url: 'https://maker.test/notice' },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json<Page>().results).toEqual([
      { id: second.id, title: 'Webinar (recorded)', description: second.description, url: second.url },
      expect.objectContaining({ title: 'Safety notice' }),
    ]);
  });

  it('removes entries the list leaves out', async () => {
    const before = await list();
    const [kept] = before;
    if (kept === undefined || before.length < 2) {
      throw new Error('two entries expected');
    }
    const response = await save(as.oem, [
      { id: kept.id, title: kept.title, description: kept.description, url: kept.url },
      { title: 'Second again', description: 'd', url: 'https://maker.test/again' },
    ]);
    expect(response.statusCode).toBe(201);
    const after = await list();
    expect(after.map((entry) => entry.title)).toEqual([kept.title, 'Second again']);
    expect(after.map((entry) => entry.id)).not.toContain(before[1]?.id);
  });

  it('names each missing field and refuses URLs that are not http(s)', async () => {
    const missing = await save(as.oem, [{ title: ' ', description: '', url: null }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      title: [RSS_MESSAGES.titleRequired],
      description: [RSS_MESSAGES.descriptionRequired],
      url: [RSS_MESSAGES.urlRequired],
    });
    for (const url of ['javascript:alert(1)', 'ftp://maker.test/x', 'maker.test/x', 'data:text/html,hi']) {
      const response = await save(as.oem, [{ title: 't', description: 'd', url }]);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ url: [RSS_MESSAGES.urlInvalid] });
    }
    const long = await save(as.oem, [
      { title: 'x'.repeat(256), description: 'd'.repeat(1001), url: `https://m.test/${'u'.repeat(2000)}` },
    ]);
    expect(long.json()).toEqual({
      title: [RSS_MESSAGES.titleTooLong],
      description: [RSS_MESSAGES.descriptionTooLong],
      url: [RSS_MESSAGES.urlTooLong],
    });
    expect(await list()).toHaveLength(2);
  });

  it('does not ask for fields of an entry being deleted', async () => {
    const [first] = await list();
    const [, second] = await list();
    const response = await save(as.oem, [
      { id: first?.id, delete: true },
      { id: second?.id, title: second?.title, description: second?.description, url: second?.url },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json<Page>().results).toHaveLength(1);
  });

  it('refuses the whole save when an id no longer exists, changing nothing', async () => {
    const before = await list();
    const response = await save(as.oem, [
      { title: 'Would be created', description: 'd', url: 'https://maker.test/x' },
      { id: 999_999, title: 'Gone', description: 'd', url: 'https://maker.test/y' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ id: [OEM_MESSAGES.rssUnknownEntry] });
    expect(await list()).toEqual(before);
  });

  it('refuses a body that is not a list, or more than 100 entries', async () => {
    const object = await save(as.oem, { title: 't' });
    expect(object.statusCode).toBe(400);
    expect(object.json()).toEqual({ [NON_FIELD_ERRORS]: [OEM_MESSAGES.rssListExpected] });
    const entry = { title: 't', description: 'd', url: 'https://maker.test/' };
    const many = await save(
      as.oem,
      Array.from({ length: 101 }, () => entry),
    );
    expect(many.json()).toEqual({ [NON_FIELD_ERRORS]: [OEM_MESSAGES.rssTooMany] });
  });

  it('refuses other roles with 403 (even with an invalid body) and visitors with 401', async () => {
    const entry = { title: 'x', description: 'y', url: 'https://maker.test/' };
    for (const authorization of [as.accounts, as.manager, as.engineer, as.user]) {
      expect((await save(authorization, [entry])).statusCode).toBe(403);
      expect((await save(authorization, [{}])).statusCode).toBe(403);
    }
    const visitor = await t.app.inject({ method: 'POST', url: RSS, payload: [entry] });
    expect(visitor.statusCode).toBe(401);
    expect(await list()).toHaveLength(1);
  });

  it('an empty list clears the feed', async () => {
    const response = await save(as.oem, []);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual(page([]));
    expect(await list()).toEqual([]);
  });
});
