import { CAPTCHA_MESSAGES, MeSchema, REGISTER_MESSAGES } from '@vigil/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedCaptcha } from '../../../test/captcha-token';
import { buildClient, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { clients, clientUsers } from '../../db/tables/clients.table';
import { mailOutbox } from '../../db/tables/outbox.table';
import { locationMemberships, locations } from '../../db/tables/sites.table';
import { findUserByEmail } from '../users/users.repo';

const REGISTER = '/api/v1/register-for-demo/';

describe('demo registration API', () => {
  let t: TestApp;
  let sequence = 0;

  const register = async (overrides: Record<string, unknown> = {}) => {
    sequence += 1;
    return t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: {
        name: 'Dana Miller',
        company: 'Prairie Grain',
        email: `dana${sequence}@prairie.test`,
        captcha: await solvedCaptcha(),
        ...overrides,
      },
    });
  };

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://vigil.example.com/' } });
  });
  afterAll(async () => t.close());

  it('creates the client, its Demo Site and an unactivated accounts manager, and e-mails the link', async () => {
    await buildClient(t.db, { number: 4100 });
    const response = await register({ email: 'Owner@Prairie.test', name: ' Dana  Kay Miller ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ detail: REGISTER_MESSAGES.registered });

    const user = await findUserByEmail(t.db, 'owner@prairie.test');
    expect(user).toMatchObject({
      firstName: 'Dana',
      lastName: 'Kay Miller',
      company: 'Prairie Grain',
      passwordHash: null,
      isAccountsManagement: true,
      isSuperuser: false,
      isOem: false,
    });
    expect(user?.activationKey).toMatch(/^[\w-]{43}$/);
    const [client] = await t.db
      .select()
      .from(clients)
      .where(eq(clients.id, user?.currentClientId ?? 0));
    expect(client).toMatchObject({ company: 'Prairie Grain', fullName: 'Dana  Kay Miller', number: 4101 });
    const links = await t.db
      .select()
      .from(clientUsers)
      .where(eq(clientUsers.userId, user?.id ?? 0));
    expect(links.map((link) => link.clientId)).toEqual([client?.id]);
    const [site] = await t.db
      .select()
      .from(locations)
      .where(eq(locations.clientId, client?.id ?? 0));
    expect(site).toMatchObject({ title: 'Demo Site', timezone: 'UTC', id: user?.currentLocationId });
    const [membership] = await t.db
      .select()
      .from(locationMemberships)
      .where(eq(locationMemberships.userId, user?.id ?? 0));
    expect(membership).toMatchObject({ locationId: site?.id, permission: 'Manager', hasAccess: true });

    const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail).toMatchObject({ toAddress: 'Owner@Prairie.test', kind: 'activation' });
    expect(mail?.textBody).toContain(`https://vigil.example.com/register/activate/${user?.activationKey}`);
  });

  it('refuses an e-mail that is already registered, whatever its case, and changes nothing', async () => {
    await buildUser(t.db, { email: 'taken@prairie.test' });
    const before = await t.db.select().from(clients);
    const response = await register({ email: 'TAKEN@prairie.test' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: [REGISTER_MESSAGES.emailTaken] });
    expect(await t.db.select().from(clients)).toHaveLength(before.length);
  });

  it('names each missing or invalid field with the spec message', async () => {
    const empty = await t.app.inject({ method: 'POST', url: REGISTER });
    expect(empty.statusCode).toBe(400);
    // Browsers read the messages only when the answer says it is JSON.
    expect(empty.headers['content-type']).toMatch(/^application\/json/);
    expect(empty.json()).toEqual({
      name: [REGISTER_MESSAGES.fullNameRequired],
      company: [REGISTER_MESSAGES.companyRequired],
      email: [REGISTER_MESSAGES.emailRequired],
      captcha: [REGISTER_MESSAGES.captchaRequired],
    });
    const blank = await register({ name: '  ', company: ' ', email: ' ', captcha: '' });
    expect(Object.values(blank.json()).flat()).toEqual([
      REGISTER_MESSAGES.fullNameRequired,
      REGISTER_MESSAGES.companyRequired,
      REGISTER_MESSAGES.emailRequired,
      REGISTER_MESSAGES.captchaRequired,
    ]);
    const invalid = await register({ email: 'not-an-address' });
    expect(invalid.json()).toEqual({ email: [REGISTER_MESSAGES.emailInvalid] });
    const long = await register({ name: 'x'.repeat(256), company: 'y'.repeat(256) });
    expect(long.json()).toEqual({
      name: ['Ensure this field has no more than 255 characters'],
      company: ['Ensure this field has no more than 255 characters'],
    });
  });

  it('uses the captcha up: a replay, a forged or an expired captcha is refused', async () => {
    const captcha = await solvedCaptcha();
    expect((await register({ captcha })).statusCode).toBe(201);
    const replay = await register({ captcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ captcha: [CAPTCHA_MESSAGES.failed] });
    for (const bad of ['forged', await solvedCaptcha({ ttlSeconds: -1 })]) {
      const response = await register({ captcha: bad });
      expect(response.json()).toEqual({ captcha: [CAPTCHA_MESSAGES.failed] });
    }
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/v1/verify-recaptcha/',
      payload: { token: captcha },
    });
    expect(verify.json()).toEqual({ success: false });
  });

  it('gives two registrations at the same time different client numbers', async () => {
    const [a, b] = await Promise.all([register(), register()]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const rows = await t.db.select({ number: clients.number }).from(clients);
    expect(new Set(rows.map((row) => row.number)).size).toBe(rows.length);
  });

  it('the new person cannot sign in before activating', async () => {
    await register({ email: 'early@prairie.test' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/login-jwt/',
      payload: { username: 'early@prairie.test', password: 'Anything-123' },
    });
    expect(login.statusCode).toBe(400);
    expect(MeSchema.safeParse(login.json()).success).toBe(false);
  });
});
