import { COMMON_MESSAGES, LOGIN_MESSAGES, MeSchema } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignToSite,
  buildClient,
  buildDevice,
  buildSite,
  buildUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import { SessionTokens } from '../../access/session-tokens';
import { updateLocation } from '../sites/sites.repo';
import { upsertMembership } from '../users/memberships.repo';
import { updateUser } from '../users/users.repo';

const LOGIN = '/api/v1/accounts/login-jwt/';

describe('accounts API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  describe('POST accounts/login-jwt/', () => {
    it('returns a token for the right e-mail and password, whatever the e-mail case', async () => {
      const user = await buildUser(t.db, { email: 'Mixed.Case@example.test' });
      const response = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { username: 'mixed.case@EXAMPLE.test', password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const { token } = response.json<{ token: string }>();
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me/',
        headers: { authorization: `JWT ${token}` },
      });
      expect(me.json().email).toBe(user.email);
    });

    it('accepts a username instead of an e-mail', async () => {
      const user = await buildUser(t.db);
      await updateUser(t.db, user.id, { username: 'plant.operator' });
      const response = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { username: 'Plant.Operator', password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
    });

    it('answers the same message for a wrong password, an unknown account and a deactivated one', async () => {
      const user = await buildUser(t.db);
      const inactive = await buildUser(t.db);
      await updateUser(t.db, inactive.id, { isActive: false });
      const attempts = [
        { username: user.email, password: 'Wrong-Password-1' },
        { username: 'nobody@example.test', password: TEST_PASSWORD },
        { username: inactive.email, password: TEST_PASSWORD },
      ];
      for (const payload of attempts) {
        const response = await t.app.inject({ method: 'POST', url: LOGIN, payload });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ non_field_errors: [LOGIN_MESSAGES.wrongCredentials] });
      }
    });

    it('names each missing field with the spec message', async () => {
      const response = await t.app.inject({ method: 'POST', url: LOGIN });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        username: [LOGIN_MESSAGES.usernameRequired],
        password: [LOGIN_MESSAGES.passwordRequired],
      });
      const blank = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { username: '  ', password: '' },
      });
      expect(blank.json()).toEqual({
        username: [LOGIN_MESSAGES.usernameRequired],
        password: [LOGIN_MESSAGES.passwordRequired],
      });
    });

    it('answers malformed JSON and wrong types with a 400 message, never a 500', async () => {
      const malformed = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { 'content-type': 'application/json' },
        payload: '{"username": ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().detail).toMatch(/JSON/);
      const wrongTypes = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { username: 42, password: ['x'] },
      });
      expect(wrongTypes.statusCode).toBe(400);
      expect(Object.keys(wrongTypes.json()).sort()).toEqual(['password', 'username']);
      const array = await t.app.inject({ method: 'POST', url: LOGIN, payload: [1, 2] });
      expect(array.statusCode).toBe(400);
    });
  });

  describe('GET me/', () => {
    it('returns the user data of A section 3 with site roles and the current client', async () => {
      const client = await buildClient(t.db, { company: 'Acme Grain' });
      const site = await buildSite(t.db, client, { title: 'North Silo', timezone: 'Europe/Berlin' });
      const user = await buildUser(t.db, { fullName: 'Rita Engineer', roles: { isEngineer: true } });
      await assignToSite(t.db, user, site, 'Engineer');
      await updateUser(t.db, user.id, { currentClientId: client.id, currentLocationId: site.id });
      for (const url of ['/api/v1/me/', '/api/v2/me/']) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: await authHeader(t.app, user.email, TEST_PASSWORD) },
        });
        expect(response.statusCode).toBe(200);
        const me = MeSchema.parse(response.json());
        expect(me).toMatchObject({
          first_name: 'Rita',
          last_name: 'Engineer',
          is_engineer: true,
          is_superuser: false,
          registered: false,
          locations_roles: { [String(site.id)]: 'Engineer' },
          current_client: { id: client.id, company: 'Acme Grain' },
          // The site's zone: every time on the pages of the site is shown in it (issue 23).
          current_location: { id: site.id, title: 'North Silo', timezone: 'Europe/Berlin' },
          current_device: null,
        });
        expect(me.auth_key).toMatch(/^[0-9a-f]{40}$/);
        expect(JSON.stringify(response.json())).not.toMatch(/password/i);
      }
    });

    it('reads every change at the next request of the same session: titles, roles, selection, deactivation', async () => {
      const client = await buildClient(t.db);
      const site = await buildSite(t.db, client, { title: 'Old Title' });
      const device = await buildDevice(t.db, site, { title: 'Pump 1' });
      const user = await buildUser(t.db);
      await assignToSite(t.db, user, site, 'Engineer');
      await updateUser(t.db, user.id, { currentClientId: client.id, currentLocationId: site.id });
      const authorization = await authHeader(t.app, user.email, TEST_PASSWORD);
      const me = () => t.app.inject({ method: 'GET', url: '/api/v2/me/', headers: { authorization } });
      expect((await me()).json()).toMatchObject({
        locations_roles: { [String(site.id)]: 'Engineer' },
        current_location: { title: 'Old Title' },
        current_device: null,
      });

      await updateLocation(t.db, site.id, { title: 'New Title' });
      await upsertMembership(t.db, {
        locationId: site.id,
        userId: user.id,
        permission: 'User',
        hasAccess: false,
      });
      await updateUser(t.db, user.id, { currentDeviceId: device.id });
      expect((await me()).json()).toMatchObject({
        locations_roles: {},
        current_location: { id: site.id, title: 'New Title' },
        current_device: { id: device.id, title: 'Pump 1', udf_id: device.udfId, device_type: 'F500' },
      });

      await updateUser(t.db, user.id, { isActive: false });
      const refused = await me();
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ detail: COMMON_MESSAGES.invalidToken });
    });

    it('answers many people at once each with their own account and sites, whatever statement read their sessions', async () => {
      // Concurrent requests' sessions are read together (accounts.service's coalesced lookups).
      const people = await Promise.all(
        Array.from({ length: 6 }, async (_, index) => {
          const user = await buildUser(t.db, { fullName: `Person ${index}` });
          const site = await buildSite(t.db, await buildClient(t.db));
          await assignToSite(t.db, user, site, 'User');
          return { user, site, header: await authHeader(t.app, user.email, TEST_PASSWORD) };
        }),
      );
      const asked = Array.from({ length: 60 }, (_, index) => people[index % people.length]);
      const answers = await Promise.all(
        asked.map((person, index) =>
          t.app.inject({
            method: 'GET',
            url: index % 2 === 0 ? '/api/v1/me/' : '/api/v1/locations/',
            headers: { authorization: person?.header ?? '' },
          }),
        ),
      );
      for (const [index, answer] of answers.entries()) {
        const person = asked[index];
        expect(answer.statusCode).toBe(200);
        if (index % 2 === 0) {
          expect(answer.json<{ email: string }>().email).toBe(person?.user.email);
        } else {
          const sites = answer.json<{ results: Array<{ id: number }> }>().results;
          expect(sites.map((site) => site.id)).toEqual([person?.site.id]);
        }
      }
    });

    it('refuses a missing, malformed, foreign-signed, expired or revoked token with 401 {detail}', async () => {
      const user = await buildUser(t.db);
      const header = await authHeader(t.app, user.email, TEST_PASSWORD);
      const session = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me/',
        headers: { authorization: header },
      });
      expect(session.statusCode).toBe(200);

      const forged = await new SessionTokens('another-secret-of-sufficient-length-xx').sign(
        { userId: user.id, sessionId: '00000000-0000-4000-8000-000000000000' },
        new Date(Date.now() + 60_000),
      );
      const sessionId = JSON.parse(Buffer.from(header.split('.')[1] ?? '', 'base64url').toString())
        .sid as string;
      const expired = await new SessionTokens('test-secret-that-is-long-enough-to-sign-tokens').sign(
        { userId: user.id, sessionId },
        new Date(Date.now() - 1000),
      );
      const cases: Array<[string | undefined, string]> = [
        [undefined, COMMON_MESSAGES.notAuthenticated],
        ['Bearer abc', COMMON_MESSAGES.invalidToken],
        ['JWT not-a-token', COMMON_MESSAGES.invalidToken],
        [`JWT ${forged}`, COMMON_MESSAGES.invalidToken],
        [`JWT ${expired}`, COMMON_MESSAGES.invalidToken],
      ];
      for (const [authorization, detail] of cases) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/v1/me/',
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ detail });
      }
    });
  });

  describe('POST accounts/logout/', () => {
    it('revokes the session server-side on both the v1 and v2 paths, leaving other sessions alive', async () => {
      const user = await buildUser(t.db);
      for (const url of ['/api/v1/accounts/logout/', '/api/v2/rest-auth/logout/']) {
        const header = await authHeader(t.app, user.email, TEST_PASSWORD);
        const other = await authHeader(t.app, user.email, TEST_PASSWORD);
        const response = await t.app.inject({ method: 'POST', url, headers: { authorization: header } });
        expect(response.statusCode).toBe(200);
        const after = await t.app.inject({
          method: 'GET',
          url: '/api/v1/me/',
          headers: { authorization: header },
        });
        expect(after.statusCode).toBe(401);
        const stillIn = await t.app.inject({
          method: 'GET',
          url: '/api/v1/me/',
          headers: { authorization: other },
        });
        expect(stillIn.statusCode).toBe(200);
      }
    });

    it('needs a session', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/accounts/logout/' });
      expect(response.statusCode).toBe(401);
    });
  });
});
