import { ACTIVATION_MESSAGES, NON_FIELD_ERRORS, PASSWORD_MESSAGES } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../../test/factories';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import { sendActivation } from '../users/activation';
import { getUserById, updateUser } from '../users/users.repo';

const STATE = '/api/v1/users/activation/get-state/';
const ACCEPT = '/api/v1/users/activation/accept-terms/';
const SET_PASSWORD = '/api/v1/users/activation/set-password/';
const NEW_PASSWORD = 'Grain-Belt-2048';

describe('activation API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  /** An unactivated person with a fresh key, as registration or an accounts manager leaves them. */
  const pendingUser = async (fullName = 'Omar Haddad') => {
    const user = await buildUser(t.db, { password: undefined, fullName });
    const key = await sendActivation(
      { config: t.config, db: t.db, mailer: { send: async () => undefined } },
      user,
    );
    return { user, key };
  };

  const accept = (key: string) => t.app.inject({ method: 'POST', url: `${ACCEPT}${key}/` });
  const setPassword = (key: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `${SET_PASSWORD}${key}/`, payload });

  it('walks the stages: terms, then password, then signed in; the key works once', async () => {
    const { user, key } = await pendingUser();
    const state = await t.app.inject({ method: 'GET', url: `${STATE}${key}` });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({ stage: 0, email: user.email, first_name: 'Omar' });

    const accepted = await accept(key);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ stage: 1, email: user.email, first_name: 'Omar' });
    const again = await t.app.inject({ method: 'GET', url: `${STATE}${key}/` });
    expect(again.json().stage).toBe(1);

    const done = await setPassword(key, { password1: NEW_PASSWORD, password2: NEW_PASSWORD });
    expect(done.statusCode).toBe(201);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/',
      headers: { authorization: `JWT ${done.json().token}` },
    });
    expect(me.json().email).toBe(user.email);
    const stored = await getUserById(t.db, user.id);
    expect(stored?.activationKey).toBeNull();
    expect(stored?.passwordChangedAt).not.toBeNull();
    await expect(authHeader(t.app, user.email, NEW_PASSWORD)).resolves.toMatch(/^JWT /);

    for (const response of [
      await t.app.inject({ method: 'GET', url: `${STATE}${key}` }),
      await accept(key),
      await setPassword(key, { password1: NEW_PASSWORD, password2: NEW_PASSWORD }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: ACTIVATION_MESSAGES.invalidLink });
    }
  });

  it('refuses unknown and expired keys, and keys of deactivated users', async () => {
    const { user: late, key: lateKey } = await pendingUser();
    const ttlMs = t.config.activationTtlSeconds * 1000;
    await updateUser(t.db, late.id, { activationKeyCreatedAt: new Date(Date.now() - ttlMs - 1000) });
    const { user: gone, key: goneKey } = await pendingUser();
    await updateUser(t.db, gone.id, { isActive: false });
    for (const key of ['unknown-key', lateKey, goneKey]) {
      for (const response of [
        await t.app.inject({ method: 'GET', url: `${STATE}${key}` }),
        await accept(key),
        await setPassword(key, { password1: NEW_PASSWORD, password2: NEW_PASSWORD }),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: ACTIVATION_MESSAGES.invalidLink });
      }
    }
  });

  it('a key sent again replaces the previous one', async () => {
    const { user, key: oldKey } = await pendingUser();
    const newKey = await sendActivation(
      { config: t.config, db: t.db, mailer: { send: async () => undefined } },
      user,
    );
    expect((await t.app.inject({ method: 'GET', url: `${STATE}${oldKey}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${STATE}${newKey}` })).statusCode).toBe(200);
  });

  it('refuses a password before the terms are accepted', async () => {
    const { user, key } = await pendingUser();
    const response = await setPassword(key, { password1: NEW_PASSWORD, password2: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [NON_FIELD_ERRORS]: [ACTIVATION_MESSAGES.termsNotAccepted] });
    expect((await getUserById(t.db, user.id))?.passwordHash).toBeNull();
  });

  it('checks the passwords: empty fields, a mismatch, then the server rules', async () => {
    const { user, key } = await pendingUser('Lena Rossi');
    await accept(key);
    const empty = await setPassword(key, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      password1: [PASSWORD_MESSAGES.fieldsEmpty],
      password2: [PASSWORD_MESSAGES.fieldsEmpty],
    });
    const oneEmpty = await setPassword(key, { password1: NEW_PASSWORD, password2: '' });
    expect(oneEmpty.json()).toEqual({ password2: [PASSWORD_MESSAGES.fieldsEmpty] });
    const mismatch = await setPassword(key, { password1: NEW_PASSWORD, password2: `${NEW_PASSWORD}x` });
    expect(mismatch.json()).toEqual({ password2: [PASSWORD_MESSAGES.mismatch] });
    const weak = await setPassword(key, { password1: 'lenarossi', password2: 'lenarossi' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().password1).toEqual(
      expect.arrayContaining([
        'The password must contain at least one digit.',
        'The password is too similar to your personal information.',
      ]),
    );
    const stored = await getUserById(t.db, user.id);
    expect(stored?.passwordHash).toBeNull();
    expect(stored?.activationKey).toBe(key);
  });

  it('ends the older sessions of a user who activates again', async () => {
    const user = await buildUser(t.db);
    const oldHeader = await authHeader(t.app, user.email, TEST_PASSWORD);
    const key = await sendActivation(
      { config: t.config, db: t.db, mailer: { send: async () => undefined } },
      user,
    );
    await accept(key);
    expect((await setPassword(key, { password1: NEW_PASSWORD, password2: NEW_PASSWORD })).statusCode).toBe(
      201,
    );
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/',
      headers: { authorization: oldHeader },
    });
    expect(me.statusCode).toBe(401);
  });
});
