import { PASSWORD_MESSAGES, PASSWORD_RESET_MESSAGES, REGISTER_MESSAGES } from '@vigil/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../../test/factories';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox } from '../../db/tables/outbox.table';
import { passwordResetTokens } from '../../db/tables/password-reset-tokens.table';
import type { UserRow } from '../../db/tables/users.table';
import { getUserById, updateUser } from '../users/users.repo';

const RESET = '/api/v1/accounts/password/reset/';
const CONFIRM = '/api/v1/accounts/password/reset/confirm/';
const CHANGE = '/api/v1/accounts/password/change/';
const NEW_PASSWORD = 'Elevator-Leg-77';

describe('password API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://vigil.example.com/' } });
  });
  afterAll(async () => t.close());

  // Each request from its own address, so the per-address reset limit only applies where a test means it.
  let requester = 0;
  const requestReset = (
    email: unknown,
    remoteAddress = `10.20.${Math.floor(requester / 250)}.${(requester++ % 250) + 1}`,
  ) => t.app.inject({ method: 'POST', url: RESET, remoteAddress, payload: { email } });

  /** Asks for a reset and reads uid and token from the link in the queued e-mail. */
  const resetLinkOf = async (user: UserRow) => {
    const response = await requestReset(user.email);
    expect(response.statusCode).toBe(201);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, user.email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const match = /https:\/\/vigil\.example\.com\/password\/reset\/key\/([0-9a-z]+)-([0-9a-f]{64})/.exec(
      mail?.textBody ?? '',
    );
    expect(match).not.toBeNull();
    return { uid: match?.[1] ?? '', token: match?.[2] ?? '' };
  };

  const confirm = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: CONFIRM, payload });
  const confirmWith = (link: { uid: string; token: string }, password = NEW_PASSWORD) =>
    confirm({ ...link, new_password1: password, new_password2: password });

  const invalidLinkBody = { token: [PASSWORD_RESET_MESSAGES.invalidLink] };

  describe('POST accounts/password/reset/', () => {
    it('e-mails a link and stores only a hash of its token', async () => {
      const user = await buildUser(t.db);
      const response = await requestReset(user.email.toUpperCase());
      expect(response.json()).toEqual({ detail: PASSWORD_RESET_MESSAGES.linkSent });
      const link = await resetLinkOf(user);
      expect(Number.parseInt(link.uid, 36)).toBe(user.id);
      const rows = await t.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, user.id));
      expect(rows).toHaveLength(2);
      expect(rows.map((row) => row.tokenHash)).not.toContain(link.token);
    });

    it('names an unknown or deactivated address, and validates the e-mail', async () => {
      const inactive = await buildUser(t.db);
      await updateUser(t.db, inactive.id, { isActive: false });
      for (const email of ['nobody@example.test', inactive.email]) {
        const response = await requestReset(email);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ email: [PASSWORD_RESET_MESSAGES.unknownEmail] });
      }
      expect((await requestReset('')).json()).toEqual({ email: [REGISTER_MESSAGES.emailRequired] });
      expect((await requestReset('nope')).json()).toEqual({ email: [REGISTER_MESSAGES.emailInvalid] });
      expect((await t.app.inject({ method: 'POST', url: RESET })).statusCode).toBe(400);
    });

    it('sends someone who never activated a new activation link instead', async () => {
      const pending = await buildUser(t.db, { password: undefined });
      const response = await requestReset(pending.email);
      expect(response.statusCode).toBe(201);
      const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
      expect(mail).toMatchObject({ toAddress: pending.email, kind: 'activation' });
      const stored = await getUserById(t.db, pending.id);
      expect(mail?.textBody).toContain(`/register/activate/${stored?.activationKey}`);
    });

    it('limits one address asking for one e-mail, and the person still gets a link from a clean address', async () => {
      const user = await buildUser(t.db);
      const codes = [];
      for (let i = 0; i < 5; i += 1) {
        codes.push((await requestReset(user.email, '198.51.100.9')).statusCode);
      }
      expect(codes).toEqual([201, 201, 201, 429, 429]);
      const blocked = await requestReset(user.email, '198.51.100.9');
      expect(blocked.json()).toEqual({ detail: PASSWORD_RESET_MESSAGES.tooManyRequests });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3500);

      for (let i = 0; i < 3; i += 1) {
        expect((await requestReset(user.email, `198.51.100.${20 + i}`)).statusCode).toBe(201);
      }
      const own = await requestReset(user.email, '192.0.2.50');
      expect(own.statusCode).toBe(201);
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
      expect(mails).toHaveLength(7);
    });

    it('limits one address probing unknown e-mails', async () => {
      const codes = [];
      for (let i = 0; i < 11; i += 1) {
        codes.push((await requestReset(`nobody${i}@example.test`, '198.51.100.77')).statusCode);
      }
      expect(codes).toEqual([...Array(10).fill(400), 429]);
      expect((await requestReset('nobody@example.test', '198.51.100.78')).statusCode).toBe(400);
    });
  });

  describe('POST accounts/password/reset/confirm/', () => {
    it('sets the new password, ends every session and uses the link up', async () => {
      const user = await buildUser(t.db);
      const session = await authHeader(t.app, user.email, TEST_PASSWORD);
      const link = await resetLinkOf(user);
      const response = await confirmWith(link);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ detail: PASSWORD_RESET_MESSAGES.done });
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me/',
        headers: { authorization: session },
      });
      expect(me.statusCode).toBe(401);
      await expect(authHeader(t.app, user.email, NEW_PASSWORD)).resolves.toMatch(/^JWT /);
      await expect(authHeader(t.app, user.email, TEST_PASSWORD)).rejects.toThrow();

      const replay = await confirmWith(link, 'Another-Pass-88');
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual(invalidLinkBody);
    });

    it('refuses expired links, links of another user, forged tokens and links older than a password change', async () => {
      const user = await buildUser(t.db);
      const other = await buildUser(t.db);
      const expired = await resetLinkOf(user);
      await t.db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResetTokens.userId, user.id));
      const fresh = await resetLinkOf(user);
      const attempts = [
        expired,
        { uid: other.id.toString(36), token: fresh.token },
        { uid: fresh.uid, token: 'f'.repeat(64) },
        { uid: 'not-base36!', token: fresh.token },
        { uid: '', token: '' },
      ];
      for (const link of attempts) {
        const response = await confirmWith(link);
        expect(response.statusCode).toBe(400);
        expect(new Set(Object.values(response.json()).flat())).toEqual(
          new Set([PASSWORD_RESET_MESSAGES.invalidLink]),
        );
      }
      await updateUser(t.db, user.id, { passwordChangedAt: new Date(Date.now() + 1000) });
      expect((await confirmWith(fresh)).json()).toEqual(invalidLinkBody);
    });

    it('checks the new passwords and keeps the link usable after a refusal', async () => {
      const user = await buildUser(t.db, { fullName: 'Ruth Okafor' });
      const link = await resetLinkOf(user);
      const empty = await confirm(link);
      expect(empty.json()).toEqual({
        new_password1: [PASSWORD_MESSAGES.fieldsEmpty],
        new_password2: [PASSWORD_MESSAGES.fieldsEmpty],
      });
      const mismatch = await confirm({
        ...link,
        new_password1: NEW_PASSWORD,
        new_password2: 'Other-Pass-11',
      });
      expect(mismatch.json()).toEqual({ new_password2: [PASSWORD_MESSAGES.mismatch] });
      const weak = await confirmWith(link, '12345678');
      expect(weak.json().new_password1).toEqual(
        expect.arrayContaining(['This password is entirely numeric.']),
      );
      expect((await confirmWith(link)).statusCode).toBe(200);
    });
  });

  describe('POST accounts/password/change/', () => {
    const change = (authorization: string | undefined, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: CHANGE, payload, headers: authorization ? { authorization } : {} });

    it('saves the new password, keeps this session and ends the others', async () => {
      const user = await buildUser(t.db);
      const current = await authHeader(t.app, user.email, TEST_PASSWORD);
      const other = await authHeader(t.app, user.email, TEST_PASSWORD);
      const link = await resetLinkOf(user);
      const response = await change(current, {
        old_password: TEST_PASSWORD,
        new_password1: NEW_PASSWORD,
        new_password2: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ detail: PASSWORD_MESSAGES.saved });
      const meCurrent = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me/',
        headers: { authorization: current },
      });
      const meOther = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me/',
        headers: { authorization: other },
      });
      expect(meCurrent.statusCode).toBe(200);
      expect(meOther.statusCode).toBe(401);
      await expect(authHeader(t.app, user.email, NEW_PASSWORD)).resolves.toMatch(/^JWT /);
      expect((await confirmWith(link, 'Reset-After-Change-5')).json()).toEqual(invalidLinkBody);
    });

    it('refuses a wrong old password, a mismatch, weak passwords and empty fields', async () => {
      const user = await buildUser(t.db);
      const header = await authHeader(t.app, user.email, TEST_PASSWORD);
      const wrong = await change(header, {
        old_password: 'Not-My-Password-1',
        new_password1: NEW_PASSWORD,
        new_password2: NEW_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ old_password: [PASSWORD_MESSAGES.wrongOldPassword] });
      const mismatch = await change(header, {
        old_password: TEST_PASSWORD,
        new_password1: NEW_PASSWORD,
        new_password2: 'Different-Pass-9',
      });
      expect(mismatch.json()).toEqual({ new_password2: [PASSWORD_MESSAGES.mismatch] });
      const weak = await change(header, {
        old_password: TEST_PASSWORD,
        new_password1: 'short',
        new_password2: 'short',
      });
      expect(weak.json().new_password1).toContain(
        'This password is too short. It must contain at least 8 characters.',
      );
      const empty = await change(header, {});
      expect(empty.json()).toEqual({
        old_password: [PASSWORD_MESSAGES.fieldsEmpty],
        new_password1: [PASSWORD_MESSAGES.fieldsEmpty],
        new_password2: [PASSWORD_MESSAGES.fieldsEmpty],
      });
      await expect(authHeader(t.app, user.email, TEST_PASSWORD)).resolves.toMatch(/^JWT /);
    });

    it('limits guesses of the old password', async () => {
      const user = await buildUser(t.db);
      const header = await authHeader(t.app, user.email, TEST_PASSWORD);
      const guess = {
        old_password: 'Guess-Number-1',
        new_password1: NEW_PASSWORD,
        new_password2: NEW_PASSWORD,
      };
      for (let i = 0; i < 5; i += 1) {
        expect((await change(header, guess)).statusCode).toBe(400);
      }
      const blocked = await change(header, { ...guess, old_password: TEST_PASSWORD });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: PASSWORD_MESSAGES.tooManyAttempts });
    });

    it('needs a signed-in user', async () => {
      const response = await change(undefined, {
        old_password: TEST_PASSWORD,
        new_password1: NEW_PASSWORD,
        new_password2: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(401);
    });
  });
});
