import {
  ASSIGNED_USER_MESSAGES,
  AssignedUserCreatedSchema,
  AssignedUserDetailSchema,
  AssignedUserSchema,
  type Permission,
} from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildClientUser, buildSite, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import { findClientIdsOfUser } from '../../access/access.repo';
import type { ClientRow } from '../../db/tables/clients.table';
import { mailOutbox } from '../../db/tables/outbox.table';
import type { LocationRow } from '../../db/tables/sites.table';
import type { UserRow } from '../../db/tables/users.table';
import { findMembership, upsertMembership } from './memberships.repo';
import { getUserById, updateUser } from './users.repo';
import type { RoleFlagsInput } from './users.service';
import { linkUserToClient } from './users-clients.repo';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('assigned users API', () => {
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
  let sequence = 0;

  async function signedIn(user: UserRow): Promise<UserRow> {
    headers.set(user.id, await authHeader(t.app, user.email, TEST_PASSWORD));
    return user;
  }

  async function member(roles: RoleFlagsInput, site?: LocationRow, permission?: Permission, of = client) {
    return signedIn(await buildClientUser(t.db, of, { roles, site, permission }));
  }

  async function call(method: Method, url: string, user?: UserRow, payload?: object) {
    const auth = user === undefined ? {} : { authorization: headers.get(user.id) ?? '' };
    return t.app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload }) });
  }

  function newPerson(overrides: object = {}) {
    sequence += 1;
    return {
      full_name: `Nora Newcomer${sequence}`,
      email: `newcomer${sequence}@example.test`,
      company: 'Northfield',
      phone: '+1 555 0142',
      address: '1 Grain Street',
      location_access: [{ location_id: alpha.id, has_access: true, permission: 'User' }],
      ...overrides,
    };
  }

  async function mailsTo(email: string) {
    return t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  }

  const usersOf = (clientId: number, query = '') => `/api/v1/clients/${clientId}/users/${query}`;

  beforeAll(async () => {
    t = await buildTestApp();
    client = await buildClient(t.db, { company: 'Northfield' });
    other = await buildClient(t.db, { company: 'Harbor' });
    alpha = await buildSite(t.db, client, { title: 'Alpha' });
    beta = await buildSite(t.db, client, { title: 'Beta' });
    foreignSite = await buildSite(t.db, other, { title: 'Harbor Mill' });
    superuser = await signedIn(await buildUser(t.db, { roles: { isSuperuser: true } }));
    await updateUser(t.db, superuser.id, { currentClientId: client.id });
    accounts = await member({ isAccountsManagement: true });
    manager = await member({ isManager: true }, alpha, 'Manager');
    engineer = await member({ isEngineer: true }, alpha, 'Engineer');
    plain = await member({}, alpha, 'User');
    foreignManager = await member({ isManager: true }, foreignSite, 'Manager', other);
    foreignAccounts = await member({ isAccountsManagement: true }, undefined, undefined, other);
  });
  afterAll(async () => t.close());

  describe('GET clients/{id}/users/', () => {
    it('lists the people of the client with their membership at the named site', async () => {
      const response = await call(
        'GET',
        usersOf(client.id, `?offset=0&with-location-membership=${alpha.id}`),
        accounts,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.count).toBeGreaterThanOrEqual(4);
      const items = body.results.map((item: unknown) => AssignedUserSchema.parse(item));
      const byId = new Map(items.map((item: { id: number }) => [item.id, item]));
      expect(byId.get(manager.id)).toMatchObject({
        email: manager.email,
        is_manager: true,
        registered: true,
        activation_key: null,
        location_membership: { permission: 'Manager', has_access: true },
      });
      expect(byId.get(accounts.id)).toMatchObject({ location_membership: null });
      expect(byId.has(foreignManager.id)).toBe(false);
      expect(byId.has(superuser.id)).toBe(false);
    });

    it('filters on name and e-mail, case-insensitively, and takes % literally', async () => {
      await call(
        'POST',
        '/api/v1/users/',
        accounts,
        newPerson({ full_name: 'Zelda Quartermain', email: 'zq@example.test' }),
      );
      const byName = (await call('GET', usersOf(client.id, '?filter=QUARTER'), accounts)).json();
      expect(byName.results.map((item: { email: string }) => item.email)).toEqual(['zq@example.test']);
      const byFull = (await call('GET', usersOf(client.id, '?filter=zelda%20quart'), accounts)).json();
      expect(byFull.count).toBe(1);
      const byEmail = (await call('GET', usersOf(client.id, '?filter=ZQ@EXAMPLE'), accounts)).json();
      expect(byEmail.count).toBe(1);
      expect((await call('GET', usersOf(client.id, '?filter=%25'), accounts)).json().count).toBe(0);
    });

    it('pages by 20 with offset', async () => {
      for (let i = 0; i < 17; i += 1) {
        await buildClientUser(t.db, client);
      }
      const first = (await call('GET', usersOf(client.id), accounts)).json();
      expect(first.results).toHaveLength(20);
      expect(first.next).toContain('offset=20');
      const second = (await call('GET', usersOf(client.id, '?offset=20'), accounts)).json();
      expect(second.results.length).toBe(first.count - 20);
      expect(second.previous).not.toBeNull();
    });

    it('shows the activation key to the accounts management, not to site editors', async () => {
      const created = (await call('POST', '/api/v1/users/', accounts, newPerson())).json();
      const filter = `?filter=${encodeURIComponent(created.user.email)}`;
      const forAccounts = (await call('GET', usersOf(client.id, filter), accounts)).json().results[0];
      expect(forAccounts.registered).toBe(false);
      expect(forAccounts.activation_key).toMatch(/^[\w-]{40,}$/);
      const forManager = await call('GET', usersOf(client.id, filter), manager);
      expect(forManager.statusCode).toBe(200);
      expect(forManager.json().results[0].activation_key).toBeNull();
    });

    it('hides the key of a person who also belongs to a client the reader does not manage', async () => {
      const created = (await call('POST', '/api/v1/users/', accounts, newPerson())).json();
      await linkUserToClient(t.db, other.id, created.user.id);
      const filter = `?filter=${encodeURIComponent(created.user.email)}`;
      expect(
        (await call('GET', usersOf(client.id, filter), accounts)).json().results[0].activation_key,
      ).toBeNull();
      expect(
        (await call('GET', usersOf(client.id, filter), superuser)).json().results[0].activation_key,
      ).not.toBeNull();
    });

    it('refuses a plain user, other tenants, a foreign site and visitors', async () => {
      expect((await call('GET', usersOf(client.id), plain)).statusCode).toBe(403);
      expect((await call('GET', usersOf(client.id), foreignAccounts)).statusCode).toBe(404);
      expect((await call('GET', usersOf(client.id), foreignManager)).statusCode).toBe(404);
      const foreign = usersOf(client.id, `?with-location-membership=${foreignSite.id}`);
      expect((await call('GET', foreign, accounts)).statusCode).toBe(404);
      expect((await call('GET', usersOf(client.id))).statusCode).toBe(401);
    });
  });

  describe('POST users/', () => {
    it('creates an unactivated person of the client with memberships and an activation e-mail', async () => {
      const payload = newPerson({
        location_access: [
          { location_id: alpha.id, has_access: true, permission: 'Manager' },
          { location_id: beta.id, has_access: false, permission: 'User' },
        ],
      });
      const response = await call('POST', '/api/v1/users/', accounts, payload);
      expect(response.statusCode).toBe(201);
      const body = AssignedUserCreatedSchema.parse(response.json());
      expect(body.detail).toBe(ASSIGNED_USER_MESSAGES.userCreated);
      expect(body.user).toMatchObject({
        email: payload.email,
        full_name: payload.full_name,
        registered: false,
        profile: { company: 'Northfield', phone: '+1 555 0142', address: '1 Grain Street' },
      });
      expect(body.user.location_access.map((m) => [m.location_id, m.permission])).toEqual([
        [alpha.id, 'Manager'],
      ]);
      const mails = await mailsTo(payload.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.textBody).toContain(`register/activate/${body.user.activation_key}`);
      const row = await getUserById(t.db, body.user.id);
      expect(row?.passwordHash).toBeNull();
      expect(row?.currentClientId).toBe(client.id);
    });

    it('names each missing field with the spec message and creates nobody', async () => {
      const response = await call('POST', '/api/v1/users/', accounts, {});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        full_name: [ASSIGNED_USER_MESSAGES.fullNameRequired],
        email: [ASSIGNED_USER_MESSAGES.emailRequired],
        company: [ASSIGNED_USER_MESSAGES.companyRequired],
        phone: [ASSIGNED_USER_MESSAGES.phoneRequired],
        address: [ASSIGNED_USER_MESSAGES.addressRequired],
      });
      const invalid = await call('POST', '/api/v1/users/', accounts, newPerson({ email: 'nobody-at-all' }));
      expect(invalid.json()).toEqual({ email: [ASSIGNED_USER_MESSAGES.emailInvalid] });
      const long = await call('POST', '/api/v1/users/', accounts, newPerson({ company: 'c'.repeat(256) }));
      expect(long.json()).toEqual({ company: [ASSIGNED_USER_MESSAGES.tooLong] });
    });

    it('asks for a site first', async () => {
      for (const location_access of [
        [],
        [{ location_id: alpha.id, has_access: false, permission: 'User' }],
      ]) {
        const person = newPerson({ location_access });
        const response = await call('POST', '/api/v1/users/', accounts, person);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ location_access: [ASSIGNED_USER_MESSAGES.selectLocationFirst] });
        expect(await mailsTo(person.email)).toHaveLength(0);
      }
    });

    it('links a person of another client without touching their password', async () => {
      const outsider = await member({ isManager: true }, foreignSite, 'Manager', other);
      const response = await call(
        'POST',
        '/api/v1/users/',
        accounts,
        newPerson({ email: outsider.email.toUpperCase() }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().detail).toBe(ASSIGNED_USER_MESSAGES.userAddedToAnotherClient);
      expect((await findClientIdsOfUser(t.db, outsider.id)).sort()).toEqual([client.id, other.id].sort());
      expect((await findMembership(t.db, outsider.id, alpha.id))?.permission).toBe('User');
      await authHeader(t.app, outsider.email, TEST_PASSWORD);
      expect(await mailsTo(outsider.email)).toHaveLength(0);
      expect((await getUserById(t.db, outsider.id))?.currentClientId).toBe(other.id);
    });

    it('refuses an e-mail already in this client, or a staff account', async () => {
      for (const email of [plain.email, superuser.email]) {
        const response = await call('POST', '/api/v1/users/', accounts, newPerson({ email }));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ email: [ASSIGNED_USER_MESSAGES.emailTaken] });
      }
    });

    it('refuses sites of two clients', async () => {
      const response = await call(
        'POST',
        '/api/v1/users/',
        superuser,
        newPerson({
          location_access: [
            { location_id: alpha.id, has_access: true, permission: 'User' },
            { location_id: foreignSite.id, has_access: true, permission: 'User' },
          ],
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ location_access: [ASSIGNED_USER_MESSAGES.sitesOfOneClient] });
    });

    it('lets a site Manager add people to their site, but an Engineer not above Engineer', async () => {
      const byManager = await call(
        'POST',
        '/api/v1/users/',
        manager,
        newPerson({
          location_access: [{ location_id: alpha.id, has_access: true, permission: 'Manager' }],
        }),
      );
      expect(byManager.statusCode).toBe(201);
      expect(byManager.json().user.activation_key).toBeNull();
      const byEngineer = await call(
        'POST',
        '/api/v1/users/',
        engineer,
        newPerson({
          location_access: [{ location_id: alpha.id, has_access: true, permission: 'Manager' }],
        }),
      );
      expect(byEngineer.statusCode).toBe(403);
      const otherSite = await call(
        'POST',
        '/api/v1/users/',
        manager,
        newPerson({
          location_access: [{ location_id: beta.id, has_access: true, permission: 'User' }],
        }),
      );
      expect(otherSite.statusCode).toBe(404);
    });

    it('sets role flags for staff and accounts management only; superuser and OEM only by a superuser', async () => {
      const flagged = await call('POST', '/api/v1/users/', accounts, newPerson({ is_manager: true }));
      expect(flagged.statusCode).toBe(201);
      expect(flagged.json().user.is_manager).toBe(true);
      expect((await call('POST', '/api/v1/users/', accounts, newPerson({ is_oem: true }))).statusCode).toBe(
        403,
      );
      expect(
        (await call('POST', '/api/v1/users/', manager, newPerson({ is_manager: true }))).statusCode,
      ).toBe(403);
      const oem = await call('POST', '/api/v1/users/', superuser, newPerson({ is_oem: true }));
      expect(oem.json().user.is_oem).toBe(true);
    });

    it('refuses a plain user, other tenants and visitors', async () => {
      expect((await call('POST', '/api/v1/users/', plain, newPerson())).statusCode).toBe(403);
      expect((await call('POST', '/api/v1/users/', foreignAccounts, newPerson())).statusCode).toBe(404);
      expect((await call('POST', '/api/v1/users/', foreignManager, newPerson())).statusCode).toBe(404);
      expect((await call('POST', '/api/v1/users/', undefined, newPerson())).statusCode).toBe(401);
    });
  });

  describe('GET users/{id}/', () => {
    it('answers the person with memberships to the accounts management, editors and themself', async () => {
      const forAccounts = await call('GET', `/api/v1/users/${plain.id}/`, accounts);
      expect(forAccounts.statusCode).toBe(200);
      const detail = AssignedUserDetailSchema.parse(forAccounts.json());
      expect(detail.location_access).toEqual([
        expect.objectContaining({ location_id: alpha.id, permission: 'User', has_access: true }),
      ]);
      expect((await call('GET', `/api/v1/users/${plain.id}/`, manager)).statusCode).toBe(200);
      expect((await call('GET', `/api/v1/users/${plain.id}/`, plain)).json().email).toBe(plain.email);
    });

    it('answers 404 to a plain user about others, to other tenants and for unknown ids', async () => {
      expect((await call('GET', `/api/v1/users/${manager.id}/`, plain)).statusCode).toBe(404);
      expect((await call('GET', `/api/v1/users/${plain.id}/`, foreignAccounts)).statusCode).toBe(404);
      expect((await call('GET', `/api/v1/users/${superuser.id}/`, accounts)).statusCode).toBe(404);
      expect((await call('GET', '/api/v1/users/999999/', superuser)).statusCode).toBe(404);
      expect((await call('GET', `/api/v1/users/${plain.id}/`)).statusCode).toBe(401);
    });
  });

  describe('PATCH and PUT users/{id}/', () => {
    it('lets a person change their own profile fields', async () => {
      const response = await call('PATCH', `/api/v1/users/${plain.id}/`, plain, {
        full_name: 'Uma Renamed Patel',
        phone: '',
        company: 'Northfield Grain',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        first_name: 'Uma',
        last_name: 'Renamed Patel',
        profile: { phone: '', company: 'Northfield Grain' },
      });
    });

    it('does not let a person change their own roles or memberships', async () => {
      expect(
        (await call('PATCH', `/api/v1/users/${plain.id}/`, plain, { is_manager: true })).statusCode,
      ).toBe(403);
      const access = [{ location_id: alpha.id, has_access: true, permission: 'Manager' }];
      expect(
        (await call('PATCH', `/api/v1/users/${plain.id}/`, plain, { location_access: access })).statusCode,
      ).toBe(403);
      expect(
        (await call('PATCH', `/api/v1/users/${manager.id}/`, manager, { location_access: access }))
          .statusCode,
      ).toBe(403);
      expect((await getUserById(t.db, plain.id))?.isManager).toBe(false);
    });

    it("lets the client's accounts management change profile, roles and memberships", async () => {
      const person = await member({}, alpha, 'User');
      const response = await call('PATCH', `/api/v1/users/${person.id}/`, accounts, {
        email: 'renamed.person@example.test',
        is_engineer: true,
        location_access: [
          { location_id: alpha.id, has_access: false, permission: 'User' },
          { location_id: beta.id, has_access: true, permission: 'Engineer' },
        ],
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ email: 'renamed.person@example.test', is_engineer: true });
      expect(
        body.location_access.map((m: { location_id: number; has_access: boolean; permission: string }) => [
          m.location_id,
          m.has_access,
          m.permission,
        ]),
      ).toEqual([
        [alpha.id, false, 'User'],
        [beta.id, true, 'Engineer'],
      ]);
      expect(
        (await call('PATCH', `/api/v1/users/${person.id}/`, accounts, { is_superuser: true })).statusCode,
      ).toBe(403);
    });

    it('lets a site editor change memberships at their site, not profiles nor higher permissions', async () => {
      const person = await member({}, alpha, 'User');
      const raise = {
        location_access: [{ location_id: alpha.id, has_access: true, permission: 'Engineer' }],
      };
      expect((await call('PATCH', `/api/v1/users/${person.id}/`, manager, raise)).statusCode).toBe(200);
      expect((await findMembership(t.db, person.id, alpha.id))?.permission).toBe('Engineer');
      expect((await call('PATCH', `/api/v1/users/${person.id}/`, manager, { phone: '1' })).statusCode).toBe(
        403,
      );
      const beyond = {
        location_access: [{ location_id: alpha.id, has_access: true, permission: 'Manager' }],
      };
      expect((await call('PATCH', `/api/v1/users/${person.id}/`, engineer, beyond)).statusCode).toBe(403);
      const demote = { location_access: [{ location_id: alpha.id, has_access: true, permission: 'User' }] };
      expect((await call('PATCH', `/api/v1/users/${manager.id}/`, engineer, demote)).statusCode).toBe(403);
      const elsewhere = { location_access: [{ location_id: beta.id, has_access: true, permission: 'User' }] };
      expect((await call('PATCH', `/api/v1/users/${person.id}/`, manager, elsewhere)).statusCode).toBe(404);
    });

    it('checks the fields: e-mail unique and valid, name required', async () => {
      const person = await member({}, alpha);
      const taken = await call('PATCH', `/api/v1/users/${person.id}/`, accounts, {
        email: manager.email.toUpperCase(),
      });
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toEqual({ email: [ASSIGNED_USER_MESSAGES.emailTaken] });
      const blank = await call('PATCH', `/api/v1/users/${person.id}/`, accounts, {
        full_name: ' ',
        email: 'x',
      });
      expect(blank.json()).toEqual({
        full_name: [ASSIGNED_USER_MESSAGES.fullNameRequired],
        email: [ASSIGNED_USER_MESSAGES.emailInvalid],
      });
    });

    it("refuses profile changes by an accounts management that does not manage all the person's clients", async () => {
      const shared = await member({}, alpha);
      await linkUserToClient(t.db, other.id, shared.id);
      expect((await call('PATCH', `/api/v1/users/${shared.id}/`, accounts, { phone: '2' })).statusCode).toBe(
        403,
      );
      expect((await call('PATCH', `/api/v1/users/${shared.id}/`, superuser, { phone: '2' })).statusCode).toBe(
        200,
      );
    });

    it('refuses memberships at a site of a client the person is not in', async () => {
      const access = [{ location_id: foreignSite.id, has_access: true, permission: 'User' }];
      const response = await call('PATCH', `/api/v1/users/${plain.id}/`, superuser, {
        location_access: access,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ location_access: [ASSIGNED_USER_MESSAGES.notInClient] });
    });

    it('answers 404 to other tenants and 401 to visitors', async () => {
      expect(
        (await call('PATCH', `/api/v1/users/${plain.id}/`, foreignAccounts, { phone: '3' })).statusCode,
      ).toBe(404);
      expect(
        (await call('PATCH', `/api/v1/users/${plain.id}/`, foreignManager, { phone: '3' })).statusCode,
      ).toBe(404);
      expect((await call('PATCH', `/api/v1/users/${plain.id}/`, undefined, { phone: '3' })).statusCode).toBe(
        401,
      );
    });

    it('PUT needs every profile field', async () => {
      const person = await member({}, alpha);
      const partial = await call('PUT', `/api/v1/users/${person.id}/`, accounts, { full_name: 'Only Name' });
      expect(partial.statusCode).toBe(400);
      expect(Object.keys(partial.json()).sort()).toEqual(['address', 'company', 'email', 'phone']);
      const full = newPerson({ email: `put.${person.email}` });
      const response = await call('PUT', `/api/v1/users/${person.id}/`, accounts, full);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ email: full.email, full_name: full.full_name });
    });
  });

  describe('DELETE users/{id}/', () => {
    it('removes a person of this client only: memberships, link and account go', async () => {
      const person = await member({}, alpha, 'Engineer');
      const response = await call('DELETE', `/api/v1/users/${person.id}/`, accounts);
      expect(response.statusCode).toBe(204);
      expect(await getUserById(t.db, person.id)).toBeUndefined();
    });

    it('keeps a person who belongs to another client, without this client', async () => {
      const person = await member({}, alpha, 'Engineer');
      await linkUserToClient(t.db, other.id, person.id);
      await upsertMembership(t.db, { locationId: foreignSite.id, userId: person.id, permission: 'User' });
      await updateUser(t.db, person.id, { currentLocationId: alpha.id });
      expect((await call('DELETE', `/api/v1/users/${person.id}/`, accounts)).statusCode).toBe(204);
      const row = await getUserById(t.db, person.id);
      expect(row).toMatchObject({ currentClientId: null, currentLocationId: null });
      expect(await findClientIdsOfUser(t.db, person.id)).toEqual([other.id]);
      expect(await findMembership(t.db, person.id, alpha.id)).toBeUndefined();
      expect(await findMembership(t.db, person.id, foreignSite.id)).toBeDefined();
    });

    it('refuses editors, plain users, themselves, other tenants and visitors', async () => {
      const person = await member({}, alpha);
      expect((await call('DELETE', `/api/v1/users/${person.id}/`, manager)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/v1/users/${person.id}/`, plain)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/v1/users/${accounts.id}/`, accounts)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/v1/users/${person.id}/`, foreignAccounts)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/v1/users/${person.id}/`)).statusCode).toBe(401);
      expect(await getUserById(t.db, person.id)).toBeDefined();
    });

    it('lets staff remove a person from the client they chose', async () => {
      const person = await member({}, alpha);
      expect((await call('DELETE', `/api/v1/users/${person.id}/`, superuser)).statusCode).toBe(204);
    });
  });

  describe('POST users/activation/resend-activation/{id}/', () => {
    it('e-mails a fresh link to a person who has not activated', async () => {
      const created = (await call('POST', '/api/v1/users/', accounts, newPerson())).json().user;
      const url = `/api/v1/users/activation/resend-activation/${created.id}/`;
      const response = await call('POST', url, accounts);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ detail: ASSIGNED_USER_MESSAGES.activationSent });
      expect(await mailsTo(created.email)).toHaveLength(2);
      expect((await getUserById(t.db, created.id))?.activationKey).not.toBe(created.activation_key);
    });

    it('refuses an activated person with a 400', async () => {
      const response = await call(
        'POST',
        `/api/v1/users/activation/resend-activation/${plain.id}/`,
        accounts,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: [ASSIGNED_USER_MESSAGES.alreadyActivated] });
    });

    it('refuses editors, other tenants and visitors', async () => {
      const created = (await call('POST', '/api/v1/users/', accounts, newPerson())).json().user;
      const url = `/api/v1/users/activation/resend-activation/${created.id}/`;
      expect((await call('POST', url, manager)).statusCode).toBe(403);
      expect((await call('POST', url, foreignAccounts)).statusCode).toBe(404);
      expect((await call('POST', url)).statusCode).toBe(401);
      expect(await mailsTo(created.email)).toHaveLength(1);
    });
  });
});
