import { CLIENT_MESSAGES, type Client, COMMON_MESSAGES } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignToSite, buildClient, buildSite, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import { clientUsers } from '../../db/tables/clients.table';
import { mailOutbox } from '../../db/tables/outbox.table';
import type { UserRow } from '../../db/tables/users.table';
import { getLocationById } from '../sites/sites.repo';
import { findUserByEmail, getUserById, updateUser } from '../users/users.repo';

const BASE = '/api/v1/clients/';

let uniqueNumber = 90_000;
function clientBody(overrides: Record<string, unknown> = {}) {
  uniqueNumber += 1;
  return {
    number: uniqueNumber,
    company: `Acme Silos ${uniqueNumber}`,
    address: '4 Grain Street\nSpringfield',
    phone: '+1 555 0100',
    full_name: 'Ada Owner',
    email: `owner${uniqueNumber}@acme.test`,
    is_active: true,
    is_2fa_required: false,
    alternative_name: '',
    alternative_email: null,
    alternative_phone: '',
    ...overrides,
  };
}

describe('clients API', () => {
  let t: TestApp;
  let admin: string;
  let oem: string;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: auth === undefined ? {} : { authorization: auth } });

  async function signedIn(user: UserRow): Promise<string> {
    return authHeader(t.app, user.email, TEST_PASSWORD);
  }

  /** A client with a site, its accounts management, a manager and a plain user. */
  async function buildTenant() {
    const client = await buildClient(t.db);
    const site = await buildSite(t.db, client);
    const accounts = await buildUser(t.db, { roles: { isAccountsManagement: true } });
    const manager = await buildUser(t.db, { roles: { isManager: true } });
    const user = await buildUser(t.db);
    await assignToSite(t.db, accounts, site, 'Manager');
    await assignToSite(t.db, manager, site, 'Manager');
    await assignToSite(t.db, user, site, 'User');
    return { client, site, accounts, manager, user };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signedIn(await buildUser(t.db, { roles: { isSuperuser: true } }));
    oem = await signedIn(await buildUser(t.db, { roles: { isOem: true } }));
  });
  afterAll(async () => t.close());

  describe('POST clients/', () => {
    it('creates the client (201) and an unactivated administrator who gets the activation e-mail', async () => {
      const body = clientBody({ alternative_email: 'backup@acme.test' });
      const response = await call('POST', BASE, admin, body);
      expect(response.statusCode).toBe(201);
      const client = response.json<Client>();
      expect(client).toMatchObject({
        number: body.number,
        company: body.company,
        email: body.email,
        full_name: 'Ada Owner',
        is_active: true,
        is_2fa_required: false,
        visual_dashboard_enabled: false,
        alternative_name: null,
        alternative_email: 'backup@acme.test',
        alternative_phone: null,
      });
      const person = await findUserByEmail(t.db, body.email);
      expect(person).toMatchObject({
        firstName: 'Ada',
        lastName: 'Owner',
        isAccountsManagement: true,
        passwordHash: null,
        currentClientId: client.id,
      });
      expect(person?.activationKey).toEqual(expect.any(String));
      const links = await t.db.select().from(clientUsers).where(eq(clientUsers.clientId, client.id));
      expect(links.map((link) => link.userId)).toEqual([person?.id]);
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, body.email));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.kind).toBe('activation');
      expect(mails[0]?.textBody).toContain(`register/activate/${person?.activationKey}`);
    });

    it('makes an existing activated person the administrator and tells them, without a new activation', async () => {
      const person = await buildUser(t.db);
      const response = await call('POST', BASE, oem, clientBody({ email: person.email.toUpperCase() }));
      expect(response.statusCode).toBe(201);
      const updated = await getUserById(t.db, person.id);
      expect(updated?.isAccountsManagement).toBe(true);
      expect(updated?.activationKey).toBeNull();
      const links = await t.db.select().from(clientUsers).where(eq(clientUsers.userId, person.id));
      expect(links.map((link) => link.clientId)).toEqual([response.json<Client>().id]);
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.email));
      expect(mails.map((mail) => mail.kind)).toEqual(['client-administrator']);
    });

    it('sends activation again to an existing person who never activated', async () => {
      const first = clientBody();
      await call('POST', BASE, admin, first);
      const before = await findUserByEmail(t.db, first.email);
      const response = await call('POST', BASE, admin, clientBody({ email: first.email }));
      expect(response.statusCode).toBe(201);
      const after = await findUserByEmail(t.db, first.email);
      expect(after?.activationKey).not.toBe(before?.activationKey);
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, first.email));
      expect(mails.map((mail) => mail.kind)).toEqual(['activation', 'activation']);
    });

    it('answers each required field with the message of A section 5 and creates nothing', async () => {
      const response = await call('POST', BASE, admin, {});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        number: [CLIENT_MESSAGES.numberRequired],
        company: [CLIENT_MESSAGES.companyRequired],
        address: [CLIENT_MESSAGES.addressRequired],
        phone: [CLIENT_MESSAGES.phoneRequired],
        full_name: [CLIENT_MESSAGES.fullNameRequired],
        email: [CLIENT_MESSAGES.emailRequired],
      });
      const blanks = await call('POST', BASE, admin, clientBody({ company: '  ', email: '', number: '' }));
      expect(blanks.json()).toEqual({
        number: [CLIENT_MESSAGES.numberRequired],
        company: [CLIENT_MESSAGES.companyRequired],
        email: [CLIENT_MESSAGES.emailRequired],
      });
    });

    it('refuses invalid e-mails, long texts, bad numbers and a number in use', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ email: 'not-an-email' }, 'email', CLIENT_MESSAGES.emailInvalid],
        [{ alternative_email: 'nope' }, 'alternative_email', CLIENT_MESSAGES.emailInvalid],
        [{ company: 'x'.repeat(256) }, 'company', CLIENT_MESSAGES.tooLong],
        [{ alternative_name: 'x'.repeat(256) }, 'alternative_name', CLIENT_MESSAGES.tooLong],
        [{ number: -4 }, 'number', CLIENT_MESSAGES.numberInvalid],
        [{ number: 1.5 }, 'number', CLIENT_MESSAGES.numberInvalid],
        [{ number: 'abc' }, 'number', CLIENT_MESSAGES.numberRequired],
      ];
      for (const [overrides, field, message] of cases) {
        const body = clientBody(overrides);
        const response = await call('POST', BASE, admin, body);
        expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(response.json()[field]).toEqual([message]);
      }
      const taken = await buildClient(t.db);
      const body = clientBody({ number: taken.number });
      const response = await call('POST', BASE, admin, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ number: [CLIENT_MESSAGES.numberTaken] });
      expect(await findUserByEmail(t.db, body.email)).toBeUndefined();
    });

    it('gives the loser of two simultaneous creations with one number the number message', async () => {
      const first = clientBody();
      const second = clientBody({ number: first.number });
      const responses = await Promise.all([
        call('POST', BASE, admin, first),
        call('POST', BASE, admin, second),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400]);
      const loser = responses.find((response) => response.statusCode === 400);
      expect(loser?.json()).toEqual({ number: [CLIENT_MESSAGES.numberTaken] });
      const loserEmail = loser === responses[0] ? first.email : second.email;
      expect(await findUserByEmail(t.db, loserEmail)).toBeUndefined();
    });

    it('is for staff only', async () => {
      const { accounts, manager, user } = await buildTenant();
      for (const person of [accounts, manager, user]) {
        const response = await call('POST', BASE, await signedIn(person), clientBody());
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: COMMON_MESSAGES.permissionDenied });
      }
      expect((await call('POST', BASE, undefined, clientBody())).statusCode).toBe(401);
    });
  });

  describe('GET clients/', () => {
    it('pages by 20, sorts by company ascending and searches case-insensitively', async () => {
      const tag = `Zeta${Date.now()}`;
      for (let i = 0; i < 23; i += 1) {
        await buildClient(t.db, { company: `${tag} ${String.fromCharCode(120 - i)}` });
      }
      const first = await call('GET', `${BASE}?q=${tag.toLowerCase()}`, admin);
      expect(first.statusCode).toBe(200);
      const page = first.json<{ count: number; next: string; previous: null; results: Client[] }>();
      expect(page.count).toBe(23);
      expect(page.results).toHaveLength(20);
      expect(page.previous).toBeNull();
      expect(page.next).toContain('offset=20');
      const companies = page.results.map((client) => client.company);
      expect(companies).toEqual(
        [...companies].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
      );
      const second = await call('GET', `${BASE}?q=${tag}&offset=20`, admin);
      expect(second.json().results).toHaveLength(3);
      const descending = await call('GET', `${BASE}?q=${tag}&ordering=-company&limit=1`, admin);
      expect(descending.json().results[0].company).toBe(`${tag} x`);
    });

    it('finds clients by e-mail, full name, number and address, taking % and _ literally', async () => {
      const client = await buildClient(t.db, {
        email: 'unique.finder@mill.test',
        fullName: 'Quentin Findme',
        address: '77 Hopper_Lane',
      });
      for (const q of ['UNIQUE.FINDER', 'quentin find', String(client.number), 'hopper_lane']) {
        const response = await call('GET', `${BASE}?q=${encodeURIComponent(q)}`, admin);
        expect(response.json().results.map((row: Client) => row.id)).toContain(client.id);
      }
      const wildcard = await call('GET', `${BASE}?q=${encodeURIComponent('%')}`, admin);
      expect(wildcard.json().count).toBe(0);
    });

    it('shows accounts management their own clients only, and refuses other roles', async () => {
      const { client, accounts, manager, user } = await buildTenant();
      await buildTenant();
      const own = await call('GET', BASE, await signedIn(accounts));
      expect(own.statusCode).toBe(200);
      expect(own.json().results.map((row: Client) => row.id)).toEqual([client.id]);
      for (const person of [manager, user]) {
        expect((await call('GET', BASE, await signedIn(person))).statusCode).toBe(403);
      }
      expect((await call('GET', BASE)).statusCode).toBe(401);
    });

    it('refuses an unknown ordering', async () => {
      const response = await call('GET', `${BASE}?ordering=password`, admin);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('ordering');
    });
  });

  describe('GET clients/get-next-number/', () => {
    it('answers the highest number plus one, to staff only', async () => {
      await buildClient(t.db, { number: 700_000 });
      const response = await call('GET', `${BASE}get-next-number/`, oem);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ next_client_number: 700_001 });
      const { accounts } = await buildTenant();
      expect((await call('GET', `${BASE}get-next-number/`, await signedIn(accounts))).statusCode).toBe(403);
      expect((await call('GET', `${BASE}get-next-number/`)).statusCode).toBe(401);
    });
  });

  describe('GET clients/{id}/', () => {
    it('answers staff and the client accounts management; 403 for its other users, 404 for others', async () => {
      const { client, accounts, manager } = await buildTenant();
      const other = await buildTenant();
      expect((await call('GET', `${BASE}${client.id}/`, admin)).json().company).toBe(client.company);
      expect((await call('GET', `${BASE}${client.id}/`, await signedIn(accounts))).statusCode).toBe(200);
      expect((await call('GET', `${BASE}${client.id}/`, await signedIn(manager))).statusCode).toBe(403);
      const foreign = await call('GET', `${BASE}${client.id}/`, await signedIn(other.accounts));
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ detail: COMMON_MESSAGES.notFound });
      expect((await call('GET', `${BASE}999999/`, admin)).statusCode).toBe(404);
      expect((await call('GET', `${BASE}${client.id}/`)).statusCode).toBe(401);
    });
  });

  describe('PATCH clients/{id}/', () => {
    it('lets staff change every field and turns empty alternatives into null', async () => {
      const client = await buildClient(t.db, { alternativeName: 'Bob', alternativePhone: '123' });
      const response = await call('PATCH', `${BASE}${client.id}/`, admin, {
        company: 'Renamed Mills',
        number: 800_001,
        is_active: false,
        is_2fa_required: true,
        alternative_name: null,
        alternative_phone: '',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        company: 'Renamed Mills',
        number: 800_001,
        is_active: false,
        is_2fa_required: true,
        alternative_name: null,
        alternative_phone: null,
        email: client.email,
      });
    });

    it('lets the accounts management change contact fields but not the staff-only ones', async () => {
      const { client, accounts } = await buildTenant();
      const auth = await signedIn(accounts);
      const ok = await call('PATCH', `${BASE}${client.id}/`, auth, {
        phone: '+1 555 9999',
        alternative_name: 'Night shift',
        number: client.number,
        email: client.email.toUpperCase(),
        is_2fa_required: false,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ phone: '+1 555 9999', alternative_name: 'Night shift' });
      const refusals = [
        { is_2fa_required: true },
        { number: 123_456 },
        { is_active: false },
        { visual_dashboard_enabled: true },
        { email: 'someone.else@example.test' },
      ];
      for (const body of refusals) {
        const refused = await call('PATCH', `${BASE}${client.id}/`, auth, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      }
    });

    it('refuses other roles (403), other clients (404) and the unauthenticated (401)', async () => {
      const { client, manager, user } = await buildTenant();
      const other = await buildTenant();
      for (const person of [manager, user]) {
        const response = await call('PATCH', `${BASE}${client.id}/`, await signedIn(person), { phone: '1' });
        expect(response.statusCode).toBe(403);
      }
      const foreign = await call('PATCH', `${BASE}${client.id}/`, await signedIn(other.accounts), {
        phone: '1',
      });
      expect(foreign.statusCode).toBe(404);
      expect((await call('PATCH', `${BASE}${client.id}/`, undefined, { phone: '1' })).statusCode).toBe(401);
    });

    it('validates like creation and keeps numbers unique', async () => {
      const client = await buildClient(t.db);
      const taken = await buildClient(t.db);
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ company: '' }, 'company', CLIENT_MESSAGES.companyRequired],
        [{ email: 'bad' }, 'email', CLIENT_MESSAGES.emailInvalid],
        [{ alternative_email: 'bad' }, 'alternative_email', CLIENT_MESSAGES.emailInvalid],
        [{ number: null }, 'number', CLIENT_MESSAGES.numberRequired],
        [{ number: taken.number }, 'number', CLIENT_MESSAGES.numberTaken],
      ];
      for (const [body, field, message] of cases) {
        const response = await call('PATCH', `${BASE}${client.id}/`, admin, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()[field]).toEqual([message]);
      }
      const same = await call('PATCH', `${BASE}${client.id}/`, admin, { number: client.number });
      expect(same.statusCode).toBe(200);
    });

    it('makes the person with a new e-mail an administrator too', async () => {
      const client = await buildClient(t.db);
      const response = await call('PATCH', `${BASE}${client.id}/`, admin, { email: 'new.boss@acme.test' });
      expect(response.statusCode).toBe(200);
      const person = await findUserByEmail(t.db, 'new.boss@acme.test');
      expect(person?.isAccountsManagement).toBe(true);
      const links = await t.db
        .select()
        .from(clientUsers)
        .where(eq(clientUsers.userId, person?.id ?? 0));
      expect(links.map((link) => link.clientId)).toEqual([client.id]);
    });
  });

  describe('DELETE clients/{id}/', () => {
    it('removes the client with its sites (204), for staff only', async () => {
      const { client, site, accounts } = await buildTenant();
      expect((await call('DELETE', `${BASE}${client.id}/`, await signedIn(accounts))).statusCode).toBe(403);
      const response = await call('DELETE', `${BASE}${client.id}/`, admin);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await getLocationById(t.db, site.id)).toBeUndefined();
      expect(await getUserById(t.db, accounts.id)).toBeDefined();
      expect((await call('DELETE', `${BASE}${client.id}/`, admin)).statusCode).toBe(404);
      expect((await call('DELETE', `${BASE}${client.id}/`)).statusCode).toBe(401);
    });
  });

  describe('POST clients/{id}/select/', () => {
    it('makes the client current and drops a current site of another client', async () => {
      const first = await buildTenant();
      const second = await buildClient(t.db);
      const superuser = await buildUser(t.db, { roles: { isSuperuser: true } });
      await updateUser(t.db, superuser.id, {
        currentClientId: first.client.id,
        currentLocationId: first.site.id,
      });
      const auth = await signedIn(superuser);
      const response = await call('POST', `${BASE}${second.id}/select/`, auth);
      expect(response.statusCode).toBe(200);
      expect(response.json().id).toBe(second.id);
      const me = await call('GET', '/api/v1/me/', auth);
      expect(me.json()).toMatchObject({
        current_client: { id: second.id, company: second.company },
        current_location: null,
      });
    });

    it('keeps the current site when it belongs to the chosen client', async () => {
      const { client, site, user } = await buildTenant();
      await updateUser(t.db, user.id, { currentLocationId: site.id });
      const auth = await signedIn(user);
      expect((await call('POST', `${BASE}${client.id}/select/`, auth)).statusCode).toBe(200);
      const me = await call('GET', '/api/v1/me/', auth);
      expect(me.json().current_location).toEqual({ id: site.id, title: site.title, timezone: site.timezone });
    });

    it('answers 404 for a client the user does not belong to, and 401 without a session', async () => {
      const { user } = await buildTenant();
      const other = await buildClient(t.db);
      expect((await call('POST', `${BASE}${other.id}/select/`, await signedIn(user))).statusCode).toBe(404);
      expect((await call('POST', `${BASE}${other.id}/select/`)).statusCode).toBe(401);
    });
  });
});
