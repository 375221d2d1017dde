import { ASSIGNED_USER_MESSAGES, MembershipSchema, type Permission } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildClientUser, buildSite, TEST_PASSWORD } from '../../../test/factories';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import type { ClientRow } from '../../db/tables/clients.table';
import type { LocationRow } from '../../db/tables/sites.table';
import type { UserRow } from '../../db/tables/users.table';
import { findMembership } from './memberships.repo';
import type { RoleFlagsInput } from './users.service';

const CREATE = '/api/v1/membership/';

describe('memberships API', () => {
  let t: TestApp;
  let client: ClientRow;
  let other: ClientRow;
  let alpha: LocationRow;
  let beta: LocationRow;
  let foreignSite: LocationRow;
  let accounts: UserRow;
  let manager: UserRow;
  let engineer: UserRow;
  let plain: UserRow;
  let foreignAccounts: UserRow;
  let foreignManager: UserRow;
  const headers = new Map<number, string>();

  async function member(roles: RoleFlagsInput, site?: LocationRow, permission?: Permission, of = client) {
    const user = await buildClientUser(t.db, of, { roles, site, permission });
    headers.set(user.id, await authHeader(t.app, user.email, TEST_PASSWORD));
    return user;
  }

  async function call(method: 'POST' | 'PATCH', url: string, user: UserRow | undefined, payload: object) {
    const auth = user === undefined ? {} : { authorization: headers.get(user.id) ?? '' };
    return t.app.inject({ method, url, headers: auth, payload });
  }

  beforeAll(async () => {
    t = await buildTestApp();
    client = await buildClient(t.db);
    other = await buildClient(t.db);
    alpha = await buildSite(t.db, client);
    beta = await buildSite(t.db, client);
    foreignSite = await buildSite(t.db, other);
    accounts = await member({ isAccountsManagement: true });
    manager = await member({ isManager: true }, alpha, 'Manager');
    engineer = await member({ isEngineer: true }, alpha, 'Engineer');
    plain = await member({}, alpha, 'User');
    foreignAccounts = await member({ isAccountsManagement: true }, undefined, undefined, other);
    foreignManager = await member({ isManager: true }, foreignSite, 'Manager', other);
  });
  afterAll(async () => t.close());

  describe('POST membership/', () => {
    it("lets the site's Manager give a person of the client access: 201, then 400 for a second one", async () => {
      const person = await member({});
      const payload = { location: alpha.id, user: person.id, permission: 'Engineer', has_access: true };
      const response = await call('POST', CREATE, manager, payload);
      expect(response.statusCode).toBe(201);
      expect(MembershipSchema.parse(response.json())).toMatchObject({
        location: alpha.id,
        user: person.id,
        permission: 'Engineer',
        has_access: true,
      });
      const again = await call('POST', CREATE, manager, payload);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ non_field_errors: [ASSIGNED_USER_MESSAGES.membershipExists] });
    });

    it('defaults to User with access and checks the permission value', async () => {
      const person = await member({});
      const response = await call('POST', CREATE, accounts, { location: beta.id, user: person.id });
      expect(response.json()).toMatchObject({ permission: 'User', has_access: true });
      const bad = await call('POST', CREATE, accounts, {
        location: alpha.id,
        user: person.id,
        permission: 'Boss',
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['permission']);
    });

    it('refuses a person of another client, a permission above the granter and non-editors', async () => {
      const person = await member({});
      expect(
        (await call('POST', CREATE, manager, { location: alpha.id, user: foreignManager.id })).statusCode,
      ).toBe(404);
      const beyond = { location: alpha.id, user: person.id, permission: 'Manager' };
      expect((await call('POST', CREATE, engineer, beyond)).statusCode).toBe(403);
      expect((await call('POST', CREATE, plain, { location: alpha.id, user: person.id })).statusCode).toBe(
        403,
      );
      expect((await call('POST', CREATE, manager, { location: beta.id, user: person.id })).statusCode).toBe(
        404,
      );
      expect(await findMembership(t.db, person.id, alpha.id)).toBeUndefined();
    });

    it('answers 404 to other tenants and 401 to visitors', async () => {
      const person = await member({});
      const payload = { location: alpha.id, user: person.id };
      expect((await call('POST', CREATE, foreignAccounts, payload)).statusCode).toBe(404);
      expect((await call('POST', CREATE, foreignManager, payload)).statusCode).toBe(404);
      expect((await call('POST', CREATE, undefined, payload)).statusCode).toBe(401);
    });
  });

  describe('PATCH membership/{id}/', () => {
    async function membershipOf(user: UserRow, site = alpha): Promise<number> {
      const row = await findMembership(t.db, user.id, site.id);
      if (row === undefined) {
        throw new Error('no membership');
      }
      return row.id;
    }

    it("lets the site's Manager change permission and access", async () => {
      const person = await member({}, alpha, 'User');
      const url = `/api/v1/membership/${await membershipOf(person)}/`;
      const response = await call('PATCH', url, manager, { permission: 'Engineer' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ permission: 'Engineer', has_access: true });
      const revoked = await call('PATCH', url, manager, { has_access: false });
      expect(revoked.json()).toMatchObject({ permission: 'Engineer', has_access: false });
      expect((await call('PATCH', url, accounts, {})).statusCode).toBe(200);
    });

    it('refuses changes above the editor, to their own membership, and by plain users', async () => {
      const managerUrl = `/api/v1/membership/${await membershipOf(manager)}/`;
      expect((await call('PATCH', managerUrl, engineer, { permission: 'User' })).statusCode).toBe(403);
      expect((await call('PATCH', managerUrl, manager, { permission: 'User' })).statusCode).toBe(403);
      const plainUrl = `/api/v1/membership/${await membershipOf(plain)}/`;
      expect((await call('PATCH', plainUrl, plain, { permission: 'Manager' })).statusCode).toBe(403);
      expect((await findMembership(t.db, manager.id, alpha.id))?.permission).toBe('Manager');
      expect((await call('PATCH', managerUrl, accounts, { permission: 'Engineer' })).statusCode).toBe(200);
    });

    it('answers 404 to other tenants and for unknown ids, 401 to visitors', async () => {
      const url = `/api/v1/membership/${await membershipOf(plain)}/`;
      expect((await call('PATCH', url, foreignAccounts, { permission: 'Manager' })).statusCode).toBe(404);
      expect((await call('PATCH', url, foreignManager, { permission: 'Manager' })).statusCode).toBe(404);
      expect((await call('PATCH', '/api/v1/membership/999999/', accounts, {})).statusCode).toBe(404);
      expect((await call('PATCH', url, undefined, { permission: 'Manager' })).statusCode).toBe(401);
    });
  });
});
