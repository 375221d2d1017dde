import { COMMON_MESSAGES, SITE_MESSAGES, SiteSchema } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildClientUser, buildSite, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import type { ClientRow } from '../../db/tables/clients.table';
import type { LocationRow } from '../../db/tables/sites.table';
import type { UserRow } from '../../db/tables/users.table';
import { upsertMembership } from '../users/memberships.repo';
import { getUserById, updateUser } from '../users/users.repo';
import type { RoleFlagsInput } from '../users/users.service';

const LIST = '/api/v1/locations/';

describe('sites API', () => {
  let t: TestApp;
  let client: ClientRow;
  let other: ClientRow;
  let alpha: LocationRow;
  let beta: LocationRow;
  let foreignSite: LocationRow;
  let superuser: UserRow;
  let accounts: UserRow;
  let manager: UserRow;
  let engineer: UserRow;
  let plain: UserRow;
  let foreignManager: UserRow;
  let foreignAccounts: UserRow;
  const headers = new Map<number, string>();

  async function member(
    roles: RoleFlagsInput,
    site?: LocationRow,
    permission?: 'User' | 'Engineer' | 'Manager',
    of = client,
  ) {
    const user = await buildClientUser(t.db, of, { roles, site, permission });
    headers.set(user.id, await authHeader(t.app, user.email, TEST_PASSWORD));
    return user;
  }

  function as(user: UserRow | undefined) {
    return user === undefined ? {} : { authorization: headers.get(user.id) ?? '' };
  }

  async function call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    user?: UserRow,
    payload?: object,
  ) {
    return t.app.inject({ method, url, headers: as(user), ...(payload === undefined ? {} : { payload }) });
  }

  beforeAll(async () => {
    t = await buildTestApp();
    client = await buildClient(t.db, { company: 'Northfield' });
    other = await buildClient(t.db, { company: 'Harbor' });
    alpha = await buildSite(t.db, client, { title: 'Alpha Elevator', timezone: 'America/Chicago' });
    beta = await buildSite(t.db, client, { title: 'beta Terminal' });
    foreignSite = await buildSite(t.db, other, { title: 'Harbor Mill' });
    superuser = await buildUser(t.db, { roles: { isSuperuser: true } });
    headers.set(superuser.id, await authHeader(t.app, superuser.email, TEST_PASSWORD));
    accounts = await member({ isAccountsManagement: true });
    manager = await member({ isManager: true }, alpha, 'Manager');
    engineer = await member({ isEngineer: true }, beta, 'Engineer');
    plain = await member({}, alpha, 'User');
    foreignManager = await member({ isManager: true }, foreignSite, 'Manager', other);
    foreignAccounts = await member({ isAccountsManagement: true }, undefined, undefined, other);
  });
  afterAll(async () => t.close());

  describe('GET locations/', () => {
    it('lists every site of the client to its accounts management, editable, in the wire shape', async () => {
      const response = await call('GET', `${LIST}?limit=100&offset=0`, accounts);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.count).toBe(2);
      expect(body.next).toBeNull();
      const sites = body.results.map((site: unknown) => SiteSchema.parse(site));
      expect(sites.map((site: { title: string }) => site.title)).toEqual(['Alpha Elevator', 'beta Terminal']);
      expect(sites[0]).toMatchObject({
        id: alpha.id,
        client: client.id,
        timezone: 'America/Chicago',
        status: 'ok',
        devices: [],
        can_edit: true,
        is_suspended: false,
        is_active: true,
      });
    });

    it('shows other users only the sites where their membership has access, with per-site edit rights', async () => {
      const managerSites = (await call('GET', LIST, manager)).json().results;
      expect(managerSites.map((site: { id: number }) => site.id)).toEqual([alpha.id]);
      expect(managerSites[0].can_edit).toBe(true);
      const plainSites = (await call('GET', LIST, plain)).json().results;
      expect(plainSites.map((site: { id: number }) => site.id)).toEqual([alpha.id]);
      expect(plainSites[0].can_edit).toBe(false);

      const revoked = await member({}, beta, 'Manager');
      await upsertMembership(t.db, {
        locationId: beta.id,
        userId: revoked.id,
        permission: 'Manager',
        hasAccess: false,
      });
      expect((await call('GET', LIST, revoked)).json().count).toBe(0);
    });

    it('falls back to the first client of a client user who has none chosen', async () => {
      await updateUser(t.db, plain.id, { currentClientId: null });
      const sites = (await call('GET', LIST, plain)).json().results;
      expect(sites.map((site: { id: number }) => site.id)).toEqual([alpha.id]);
      await updateUser(t.db, plain.id, { currentClientId: client.id });
    });

    it('gives staff an empty list until a client is chosen, or the sites of ?client=', async () => {
      await updateUser(t.db, superuser.id, { currentClientId: null });
      expect((await call('GET', LIST, superuser)).json()).toEqual({
        count: 0,
        next: null,
        previous: null,
        results: [],
      });
      const byQuery = (await call('GET', `${LIST}?client=${other.id}`, superuser)).json();
      expect(byQuery.results.map((site: { id: number }) => site.id)).toEqual([foreignSite.id]);
    });

    it('sorts by title either way and filters on is_active', async () => {
      const asc = (await call('GET', `${LIST}?ordering=title`, accounts)).json().results;
      expect(asc.map((site: { title: string }) => site.title)).toEqual(['Alpha Elevator', 'beta Terminal']);
      const desc = (await call('GET', `${LIST}?ordering=-title`, accounts)).json().results;
      expect(desc.map((site: { title: string }) => site.title)).toEqual(['beta Terminal', 'Alpha Elevator']);
      const newest = (await call('GET', `${LIST}?is_active=true&ordering=-date_created`, accounts)).json();
      expect(newest.count).toBe(2);
      expect((await call('GET', `${LIST}?is_active=false`, accounts)).json().count).toBe(0);
    });

    it('pages with limit and offset', async () => {
      const body = (await call('GET', `${LIST}?limit=1&offset=0`, accounts)).json();
      expect(body.results).toHaveLength(1);
      expect(body.next).toContain('offset=1');
    });

    it('refuses an unknown ordering with a 400', async () => {
      const response = await call('GET', `${LIST}?ordering=password`, accounts);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['ordering']);
    });

    it("answers 404 for another client's sites via ?client=", async () => {
      expect((await call('GET', `${LIST}?client=${client.id}`, foreignManager)).statusCode).toBe(404);
      expect((await call('GET', `${LIST}?client=${client.id}`, foreignAccounts)).statusCode).toBe(404);
    });

    it('needs a signed-in user', async () => {
      const response = await call('GET', LIST);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: COMMON_MESSAGES.notAuthenticated });
    });
  });

  describe('GET api/v2/locations/', () => {
    it('answers the same sites as a plain array', async () => {
      const response = await call('GET', '/api/v2/locations/?ordering=-title', accounts);
      expect(response.statusCode).toBe(200);
      expect(response.json().map((site: { id: number }) => site.id)).toEqual([beta.id, alpha.id]);
      expect((await call('GET', '/api/v2/locations/')).statusCode).toBe(401);
    });
  });

  describe('POST locations/', () => {
    const valid = {
      title: 'Gamma Silo',
      address: '3 Silo Road',
      full_name: 'Gail Guard',
      email: 'gail@example.test',
      mobile: '+1 555 0100',
      timezone: 'Europe/London',
    };

    it('lets the accounts management add a site to the current client: 201 with its id', async () => {
      const response = await call('POST', LIST, accounts, valid);
      expect(response.statusCode).toBe(201);
      const site = SiteSchema.parse(response.json());
      expect(site).toMatchObject({ ...valid, client: client.id, can_edit: true, status: 'ok' });
      expect((await call('GET', `${LIST}${site.id}/`, accounts)).statusCode).toBe(200);
      await call('DELETE', `${LIST}${site.id}/`, accounts);
    });

    it('makes a creator who does not manage the client the Manager of the new site', async () => {
      const response = await call('POST', LIST, engineer, { ...valid, title: 'Engineer Site', email: null });
      expect(response.statusCode).toBe(201);
      const site = response.json();
      expect(site.email).toBe('');
      const me = (await call('GET', '/api/v1/me/', engineer)).json();
      expect(me.locations_roles[String(site.id)]).toBe('Manager');
      const visible = (await call('GET', LIST, engineer)).json().results.map((s: { id: number }) => s.id);
      expect(visible).toContain(site.id);
      await call('DELETE', `${LIST}${site.id}/`, accounts);
    });

    it('names each missing required field with the spec message and creates nothing', async () => {
      const before = (await call('GET', LIST, accounts)).json().count;
      const response = await call('POST', LIST, accounts, {});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        title: [SITE_MESSAGES.titleRequired],
        address: [SITE_MESSAGES.addressRequired],
        timezone: [SITE_MESSAGES.timezoneRequired],
      });
      const blank = await call('POST', LIST, accounts, { title: '  ', address: '', timezone: '' });
      expect(Object.keys(blank.json()).sort()).toEqual(['address', 'timezone', 'title']);
      expect((await call('GET', LIST, accounts)).json().count).toBe(before);
    });

    it('limits title and address to 255 characters', async () => {
      const long = 'x'.repeat(256);
      const response = await call('POST', LIST, accounts, { ...valid, title: long, address: long });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ title: [SITE_MESSAGES.tooLong], address: [SITE_MESSAGES.tooLong] });
      expect((await call('POST', LIST, accounts, { ...valid, title: 'x'.repeat(255) })).statusCode).toBe(201);
    });

    it('refuses an unknown timezone and a malformed e-mail', async () => {
      const zone = await call('POST', LIST, accounts, { ...valid, timezone: 'Mars/Olympus' });
      expect(zone.statusCode).toBe(400);
      expect(zone.json()).toEqual({ timezone: [SITE_MESSAGES.timezoneInvalid] });
      const email = await call('POST', LIST, accounts, { ...valid, email: 'not-an-email' });
      expect(email.json()).toEqual({ email: [SITE_MESSAGES.emailInvalid] });
    });

    it('refuses a user without an edit role', async () => {
      expect((await call('POST', LIST, plain, valid)).statusCode).toBe(403);
    });

    it('asks staff to choose a client first', async () => {
      await updateUser(t.db, superuser.id, { currentClientId: null });
      const response = await call('POST', LIST, superuser, valid);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: [SITE_MESSAGES.clientRequired] });
    });

    it('needs a signed-in user', async () => {
      expect((await call('POST', LIST, undefined, valid)).statusCode).toBe(401);
    });
  });

  describe('GET locations/{id}/', () => {
    it('answers a visible site and 404 for one the user cannot see', async () => {
      expect((await call('GET', `${LIST}${alpha.id}/`, plain)).json().title).toBe('Alpha Elevator');
      expect((await call('GET', `${LIST}${beta.id}/`, plain)).statusCode).toBe(404);
      expect((await call('GET', `${LIST}${alpha.id}/`, foreignManager)).statusCode).toBe(404);
      expect((await call('GET', `${LIST}${alpha.id}/`, foreignAccounts)).statusCode).toBe(404);
      expect((await call('GET', `${LIST}999999/`, accounts)).statusCode).toBe(404);
      expect((await call('GET', `${LIST}${alpha.id}/`)).statusCode).toBe(401);
    });
  });

  describe('PATCH locations/{id}/', () => {
    it('lets the Manager of the site change it', async () => {
      const response = await call('PATCH', `${LIST}${alpha.id}/`, manager, { mobile: '+1 555 0199' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ mobile: '+1 555 0199', title: 'Alpha Elevator' });
    });

    it('checks the fields it is given', async () => {
      const response = await call('PATCH', `${LIST}${alpha.id}/`, manager, {
        title: '',
        timezone: 'Nowhere/Land',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().title).toEqual([SITE_MESSAGES.titleRequired]);
      const zone = await call('PATCH', `${LIST}${alpha.id}/`, manager, { timezone: 'Nowhere/Land' });
      expect(zone.json()).toEqual({ timezone: [SITE_MESSAGES.timezoneInvalid] });
      expect((await call('GET', `${LIST}${alpha.id}/`, manager)).json().title).toBe('Alpha Elevator');
    });

    it('refuses a User of the site, a Manager of another site and other tenants', async () => {
      expect((await call('PATCH', `${LIST}${alpha.id}/`, plain, { mobile: '1' })).statusCode).toBe(403);
      expect((await call('PATCH', `${LIST}${alpha.id}/`, engineer, { mobile: '1' })).statusCode).toBe(404);
      expect((await call('PATCH', `${LIST}${alpha.id}/`, foreignAccounts, { mobile: '1' })).statusCode).toBe(
        404,
      );
      expect((await call('PATCH', `${LIST}${alpha.id}/`, undefined, { mobile: '1' })).statusCode).toBe(401);
    });
  });

  describe('POST locations/{id}/suspend/', () => {
    it('toggles is_suspended and the status with it', async () => {
      const first = await call('POST', `${LIST}${alpha.id}/suspend/`, manager);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ is_suspended: true, status: 'suspended' });
      const second = await call('POST', `${LIST}${alpha.id}/suspend/`, manager);
      expect(second.json()).toMatchObject({ is_suspended: false, status: 'ok' });
    });

    it('refuses non-editors and other tenants', async () => {
      expect((await call('POST', `${LIST}${alpha.id}/suspend/`, plain)).statusCode).toBe(403);
      expect((await call('POST', `${LIST}${alpha.id}/suspend/`, foreignManager)).statusCode).toBe(404);
      expect((await call('POST', `${LIST}${alpha.id}/suspend/`)).statusCode).toBe(401);
    });
  });

  describe('POST locations/{id}/select/', () => {
    it('makes the site and its client current for the user', async () => {
      await updateUser(t.db, superuser.id, { currentClientId: null, currentLocationId: null });
      const response = await call('POST', `${LIST}${beta.id}/select/`, superuser);
      expect(response.statusCode).toBe(200);
      const me = (await call('GET', '/api/v1/me/', superuser)).json();
      expect(me.current_location).toEqual({ id: beta.id, title: 'beta Terminal', timezone: beta.timezone });
      expect(me.current_client).toEqual({ id: client.id, company: 'Northfield' });
    });

    it('answers 404 for a site the user cannot see', async () => {
      expect((await call('POST', `${LIST}${beta.id}/select/`, plain)).statusCode).toBe(404);
      expect((await call('POST', `${LIST}${alpha.id}/select/`, foreignAccounts)).statusCode).toBe(404);
      expect((await getUserById(t.db, foreignAccounts.id))?.currentLocationId).toBeNull();
      expect((await call('POST', `${LIST}${alpha.id}/select/`)).statusCode).toBe(401);
    });
  });

  describe('DELETE locations/{id}/', () => {
    it("lets the client's accounts management remove a site: 204, then gone", async () => {
      const site = await buildSite(t.db, client);
      const response = await call('DELETE', `${LIST}${site.id}/`, accounts);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await call('GET', `${LIST}${site.id}/`, accounts)).statusCode).toBe(404);
    });

    it('refuses the Manager of the site and other tenants', async () => {
      expect((await call('DELETE', `${LIST}${alpha.id}/`, manager)).statusCode).toBe(403);
      expect((await call('DELETE', `${LIST}${alpha.id}/`, plain)).statusCode).toBe(403);
      expect((await call('DELETE', `${LIST}${alpha.id}/`, foreignAccounts)).statusCode).toBe(404);
      expect((await call('DELETE', `${LIST}${alpha.id}/`)).statusCode).toBe(401);
      expect((await call('GET', `${LIST}${alpha.id}/`, accounts)).statusCode).toBe(200);
    });

    it('lets staff remove any site', async () => {
      const site = await buildSite(t.db, other);
      expect((await call('DELETE', `${LIST}${site.id}/`, superuser)).statusCode).toBe(204);
    });
  });

  describe('GET timezones/', () => {
    it('answers a plain array of IANA names', async () => {
      const response = await call('GET', '/api/v1/timezones/', plain);
      expect(response.statusCode).toBe(200);
      const zones = response.json();
      expect(Array.isArray(zones)).toBe(true);
      expect(zones).toContain('UTC');
      expect(zones).toContain('America/Chicago');
      expect((await call('GET', '/api/v1/timezones/')).statusCode).toBe(401);
    });
  });
});
