import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice } from '../../test/factories';
import { buildWorld, type World } from '../../test/role-walk/world';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { flatpages } from '../db/tables/oem.table';
import { locationMemberships } from '../db/tables/sites.table';

/** A PATCH with nothing to change (`{}`, or only unknown keys) answers 200 with the entity as it was. */
describe('PATCH with nothing to set', () => {
  let t: TestApp;
  let world: World;
  let superuser: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    world = await buildWorld(t.app, t.db);
    superuser = world.headers.superuser;
  });
  afterAll(async () => t.close());

  async function expectUnchanged(url: string, readUrl: string | null = url) {
    const before =
      readUrl === null ? undefined : await t.app.inject({ method: 'GET', url: readUrl, headers: superuser });
    for (const payload of [{}, { no_such_field: 1 }]) {
      const response = await t.app.inject({ method: 'PATCH', url, headers: superuser, payload });
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(200);
      if (before !== undefined) {
        expect(response.json()).toEqual(before.json());
      }
    }
    if (readUrl !== null) {
      const after = await t.app.inject({ method: 'GET', url: readUrl, headers: superuser });
      expect(after.json()).toEqual(before?.json());
    }
  }

  it('locations/{id}/', async () => {
    await expectUnchanged(`/api/v1/locations/${world.siteA2.id}/`);
  });

  it('clients/{id}/', async () => {
    await expectUnchanged(`/api/v1/clients/${world.clientB.id}/`);
  });

  it('devices/{id}/', async () => {
    const device = await buildDevice(t.db, world.siteA1);
    await expectUnchanged(`/api/v1/devices/${device.id}/`);
  });

  it('users/{id}/', async () => {
    await expectUnchanged(`/api/v1/users/${world.users.user.id}/`);
  });

  it('membership/{id}/', async () => {
    const [membership] = await t.db
      .select()
      .from(locationMemberships)
      .where(
        and(
          eq(locationMemberships.userId, world.users.engineer.id),
          eq(locationMemberships.locationId, world.siteA1.id),
        ),
      );
    const url = `/api/v1/membership/${membership?.id}/`;
    await expectUnchanged(url, null);
    const [after] = await t.db
      .select()
      .from(locationMemberships)
      .where(eq(locationMemberships.id, membership?.id ?? 0));
    expect(after).toEqual(membership);
  });

  it('flatpages/{id}/', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/flatpages/',
      headers: superuser,
      payload: { url: '/empty-patch/', title: 'Empty patch', content: '<p>x</p>', css: '' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const [before] = await t.db.select().from(flatpages).where(eq(flatpages.id, id));
    await expectUnchanged(`/api/v2/flatpages/${id}/`);
    const [after] = await t.db.select().from(flatpages).where(eq(flatpages.id, id));
    expect(after).toEqual(before);
  });

  it('oem/settings/', async () => {
    await expectUnchanged('/api/v1/oem/settings/');
  });
});
