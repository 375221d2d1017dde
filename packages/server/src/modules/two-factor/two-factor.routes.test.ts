import { COMMON_MESSAGES, type RetrieveCodeResponse, TWO_FACTOR_MESSAGES } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignToSite, buildClient, buildSite, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import { sessions } from '../../db/tables/sessions.table';
import { twoFactorDevices } from '../../db/tables/two-factor.table';
import type { UserRow } from '../../db/tables/users.table';
import { updateClientRow } from '../clients/clients.repo';

const BASE = '/api/v1/2fa/';
/** An ordinary call that a gated session may not make (accounts management may list clients). */
const GUARDED = '/api/v1/clients/';

describe('two-factor API', () => {
  let t: TestApp;

  const call = (method: 'GET' | 'POST', url: string, auth?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: auth === undefined ? {} : { authorization: auth } });

  const signIn = (user: UserRow) => authHeader(t.app, user.email, TEST_PASSWORD);

  /** The code of the secret `steps` periods from now. */
  function codeOf(secret: string, steps = 0): string {
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    return totp.generate({ timestamp: Date.now() + steps * 30_000 });
  }

  async function startSetup(auth: string): Promise<RetrieveCodeResponse> {
    expect((await call('POST', `${BASE}setup_2fa/`, auth)).statusCode).toBe(200);
    const code = await call('GET', `${BASE}retrieve-code/`, auth);
    expect(code.statusCode).toBe(200);
    return code.json<RetrieveCodeResponse>();
  }

  /** A user of a fresh client with a confirmed device; answers their secret and a verified session. */
  async function registeredUser(roles: { isAccountsManagement?: boolean } = {}) {
    const client = await buildClient(t.db);
    const site = await buildSite(t.db, client);
    const user = await buildUser(t.db, { roles });
    await assignToSite(t.db, user, site);
    const auth = await signIn(user);
    const { secret } = await startSetup(auth);
    expect((await call('POST', `${BASE}verify_2fa/`, auth, { token: codeOf(secret) })).statusCode).toBe(200);
    return { client, site, user, auth, secret };
  }

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  describe('setting up', () => {
    it('creates a pending secret, shows its QR code once asked, and stores the secret encrypted', async () => {
      const user = await buildUser(t.db, { email: 'qr.person@example.test' });
      const auth = await signIn(user);
      const setup = await call('POST', `${BASE}setup_2fa/`, auth);
      expect(setup.json()).toEqual({ detail: TWO_FACTOR_MESSAGES.deviceRegistered });
      const code = (await call('GET', `${BASE}retrieve-code/`, auth)).json<RetrieveCodeResponse>();
      expect(code.qrcode).toMatch(/^data:image\/png;base64,/);
      expect(code.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(code.otpauth_url).toMatch(/^otpauth:\/\/totp\/Vigil:qr\.person%40example\.test\?/);
      expect(code.otpauth_url).toContain(`secret=${code.secret}`);
      const [row] = await t.db.select().from(twoFactorDevices).where(eq(twoFactorDevices.userId, user.id));
      expect(row?.confirmedAt).toBeNull();
      expect(row?.secretEncrypted).not.toContain(code.secret);
      const me = await call('GET', '/api/v1/me/', auth);
      expect(me.json()).toMatchObject({ registered: false, is_2fa_verified: false });
    });

    it('replaces a pending secret when setup starts again', async () => {
      const auth = await signIn(await buildUser(t.db));
      const first = await startSetup(auth);
      const second = await startSetup(auth);
      expect(second.secret).not.toBe(first.secret);
      const stale = await call('POST', `${BASE}verify_2fa/`, auth, { token: codeOf(first.secret) });
      expect(stale.statusCode).toBe(400);
    });

    it('answers 404 from retrieve-code/ without a pending setup, and never shows a confirmed secret', async () => {
      const auth = await signIn(await buildUser(t.db));
      const none = await call('GET', `${BASE}retrieve-code/`, auth);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ detail: TWO_FACTOR_MESSAGES.noPendingDevice });
      const registered = await registeredUser();
      expect((await call('GET', `${BASE}retrieve-code/`, registered.auth)).statusCode).toBe(404);
    });

    it('confirms the device with the first right code, which also verifies this session', async () => {
      const auth = await signIn(await buildUser(t.db));
      const { secret } = await startSetup(auth);
      const wrong = await call('POST', `${BASE}verify_2fa/`, auth, { token: '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ token: [TWO_FACTOR_MESSAGES.verificationFailed] });
      const right = await call('POST', `${BASE}verify_2fa/`, auth, { token: codeOf(secret) });
      expect(right.statusCode).toBe(200);
      expect(right.json()).toEqual({ detail: TWO_FACTOR_MESSAGES.setupComplete });
      const me = await call('GET', '/api/v1/me/', auth);
      expect(me.json()).toMatchObject({ registered: true, is_2fa_verified: true });
    });

    it('refuses a new setup once registered', async () => {
      const { auth } = await registeredUser();
      const response = await call('POST', `${BASE}setup_2fa/`, auth);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: [TWO_FACTOR_MESSAGES.alreadyRegistered] });
    });
  });

  describe('verifying', () => {
    it('accepts each code once: a used code and older ones are refused', async () => {
      const { user, secret } = await registeredUser();
      const auth = await signIn(user);
      const next = codeOf(secret, 1);
      const first = await call('POST', `${BASE}verify_2fa/`, auth, { token: next });
      expect(first.json()).toEqual({ detail: TWO_FACTOR_MESSAGES.verified });
      const other = await signIn(user);
      for (const token of [next, codeOf(secret), codeOf(secret, -1)]) {
        const replay = await call('POST', `${BASE}verify_2fa/`, other, { token });
        expect(replay.statusCode).toBe(400);
        expect(replay.json()).toEqual({ token: [TWO_FACTOR_MESSAGES.verificationFailed] });
      }
    });

    it('refuses codes outside the window and malformed ones', async () => {
      const { user, secret } = await registeredUser();
      const auth = await signIn(user);
      for (const token of [codeOf(secret, 3), codeOf(secret, -3), '12 34 56', 'abcdef']) {
        expect((await call('POST', `${BASE}verify_2fa/`, auth, { token })).statusCode).toBe(400);
      }
      const empty = await call('POST', `${BASE}verify_2fa/`, auth, {});
      expect(empty.json()).toEqual({ token: [TWO_FACTOR_MESSAGES.tokenRequired] });
    });

    it('asks for setup first when there is no device', async () => {
      const auth = await signIn(await buildUser(t.db));
      const response = await call('POST', `${BASE}verify_2fa/`, auth, { token: '123456' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: [TWO_FACTOR_MESSAGES.noDevice] });
    });

    it('blocks a user after 10 wrong codes in 15 minutes, even for a right code', async () => {
      const { user, secret } = await registeredUser();
      const auth = await signIn(user);
      for (let i = 0; i < 10; i += 1) {
        expect((await call('POST', `${BASE}verify_2fa/`, auth, { token: '999999' })).statusCode).toBe(400);
      }
      const blocked = await call('POST', `${BASE}verify_2fa/`, auth, { token: codeOf(secret, 1) });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: TWO_FACTOR_MESSAGES.tooManyAttempts });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      const someoneElse = await registeredUser();
      const fine = await call('POST', `${BASE}verify_2fa/`, someoneElse.auth, {
        token: codeOf(someoneElse.secret, 1),
      });
      expect(fine.statusCode).toBe(200);
    });
  });

  describe('the gate', () => {
    it('holds a registered user in a new session until verified, leaving 2fa/, me/ and logout open', async () => {
      const { user, secret } = await registeredUser({ isAccountsManagement: true });
      const auth = await signIn(user);
      const held = await call('GET', GUARDED, auth);
      expect(held.statusCode).toBe(403);
      expect(held.json()).toEqual({ detail: TWO_FACTOR_MESSAGES.required });
      expect((await call('GET', '/api/v2/me/', auth)).json()).toMatchObject({
        registered: true,
        is_2fa_verified: false,
      });
      expect((await call('GET', `${BASE}is_2fa_required/`, auth)).statusCode).toBe(200);
      expect((await call('POST', `${BASE}verify_2fa/`, auth, { token: codeOf(secret, 1) })).statusCode).toBe(
        200,
      );
      expect((await call('GET', GUARDED, auth)).statusCode).toBe(200);
      const another = await signIn(user);
      expect((await call('POST', '/api/v1/accounts/logout/', another)).statusCode).toBe(200);
    });

    it('holds a user whose client requires two-factor until they set it up', async () => {
      const client = await buildClient(t.db);
      const site = await buildSite(t.db, client);
      const user = await buildUser(t.db, { roles: { isAccountsManagement: true } });
      await assignToSite(t.db, user, site);
      const before = await signIn(user);
      expect((await call('GET', `${BASE}is_2fa_required/`, before)).json()).toEqual({
        is_2fa_required: false,
      });
      expect((await call('GET', GUARDED, before)).statusCode).toBe(200);

      await updateClientRow(t.db, client.id, { is2faRequired: true });
      const auth = await signIn(user);
      expect((await call('GET', `${BASE}is_2fa_required/`, auth)).json()).toEqual({ is_2fa_required: true });
      expect((await call('GET', GUARDED, auth)).statusCode).toBe(403);
      expect((await call('GET', GUARDED, before)).statusCode).toBe(403);
      const { secret } = await startSetup(auth);
      expect((await call('POST', `${BASE}verify_2fa/`, auth, { token: codeOf(secret) })).statusCode).toBe(
        200,
      );
      expect((await call('GET', GUARDED, auth)).statusCode).toBe(200);
    });

    it('keeps disable_2FA_via_id/ behind the gate', async () => {
      const { user } = await registeredUser({ isAccountsManagement: true });
      const auth = await signIn(user);
      const response = await call('POST', `${BASE}disable_2FA_via_id/${user.id}/`, auth);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: TWO_FACTOR_MESSAGES.required });
    });
  });

  describe('disabling', () => {
    it('lets a verified session remove its own device and withdraws verification everywhere', async () => {
      const { user, auth } = await registeredUser();
      const response = await call('POST', `${BASE}disable-2FA/`, auth);
      expect(response.json()).toEqual({ detail: TWO_FACTOR_MESSAGES.disabled });
      const me = await call('GET', '/api/v1/me/', auth);
      expect(me.json()).toMatchObject({ registered: false, is_2fa_verified: false });
      const flags = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(flags.every((session) => !session.is2faVerified)).toBe(true);
      expect((await call('POST', `${BASE}setup_2fa/`, auth)).statusCode).toBe(200);
    });

    it('refuses to remove a registered device from an unverified session', async () => {
      const { user } = await registeredUser();
      const auth = await signIn(user);
      const response = await call('POST', `${BASE}disable-2FA/`, auth);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: TWO_FACTOR_MESSAGES.required });
    });

    it("lets the client's accounts management and staff remove a user's device", async () => {
      const target = await registeredUser();
      const accounts = await buildUser(t.db, { roles: { isAccountsManagement: true } });
      await assignToSite(t.db, accounts, target.site);
      const byAccounts = await call(
        'POST',
        `${BASE}disable_2FA_via_id/${target.user.id}/`,
        await signIn(accounts),
      );
      expect(byAccounts.json()).toEqual({ detail: TWO_FACTOR_MESSAGES.disabled });
      expect((await call('GET', '/api/v1/me/', target.auth)).json().registered).toBe(false);

      const again = await registeredUser();
      const staff = await signIn(await buildUser(t.db, { roles: { isOem: true } }));
      expect((await call('POST', `${BASE}disable_2FA_via_id/${again.user.id}/`, staff)).statusCode).toBe(200);
      expect((await call('POST', `${BASE}disable_2FA_via_id/999999/`, staff)).statusCode).toBe(404);
    });

    it('refuses other roles of the client (403), other clients (404) and the unauthenticated (401)', async () => {
      const target = await registeredUser();
      const manager = await buildUser(t.db, { roles: { isManager: true } });
      await assignToSite(t.db, manager, target.site, 'Manager');
      const url = `${BASE}disable_2FA_via_id/${target.user.id}/`;
      const refused = await call('POST', url, await signIn(manager));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: COMMON_MESSAGES.permissionDenied });
      const foreign = await registeredUser({ isAccountsManagement: true });
      expect((await call('POST', url, foreign.auth)).statusCode).toBe(404);
      expect((await call('POST', url)).statusCode).toBe(401);
      expect((await call('GET', '/api/v1/me/', target.auth)).json().registered).toBe(true);
    });

    it('does not let accounts management remove a staff member’s device', async () => {
      const target = await registeredUser();
      const superuser = await buildUser(t.db, { roles: { isSuperuser: true } });
      await assignToSite(t.db, superuser, target.site);
      const accounts = await buildUser(t.db, { roles: { isAccountsManagement: true } });
      await assignToSite(t.db, accounts, target.site);
      const response = await call(
        'POST',
        `${BASE}disable_2FA_via_id/${superuser.id}/`,
        await signIn(accounts),
      );
      expect(response.statusCode).toBe(403);
    });
  });

  it('answers 401 on every call without a session', async () => {
    for (const [method, path] of [
      ['POST', 'setup_2fa/'],
      ['GET', 'retrieve-code/'],
      ['POST', 'verify_2fa/'],
      ['GET', 'is_2fa_required/'],
      ['POST', 'disable-2FA/'],
    ] as const) {
      expect((await call(method, `${BASE}${path}`)).statusCode, path).toBe(401);
    }
  });
});
