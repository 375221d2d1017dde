import { createHash, randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/config';
import { insertResetToken } from '../../src/modules/accounts/password-reset.repo';
import { sendActivation } from '../../src/modules/users/activation';
import { updateUser } from '../../src/modules/users/users.repo';
import { solvedCaptcha } from '../captcha-token';
import { buildUser, TEST_PASSWORD } from '../factories';
import { EVERY_SIGNED_IN, PUBLIC, type RouteCase } from './cases';
import type { World } from './world';

const NEW_PASSWORD = 'Walk-Password-2026';
let sequence = 0;

function nextEmail(): string {
  sequence += 1;
  return `walk-registration-${sequence}@example.test`;
}

const quietMailer = { send: async () => undefined };
const config = loadConfig({ DEMO: '0' });

/** A person who has not activated yet, with a fresh key (and the terms accepted when asked). */
async function pendingActivationKey({ db }: World, options: { termsAccepted: boolean }): Promise<string> {
  const user = await buildUser(db, { email: nextEmail(), password: undefined });
  const key = await sendActivation({ config, db, mailer: quietMailer }, user);
  if (options.termsAccepted) {
    await updateUser(db, user.id, { termsAcceptedAt: new Date() });
  }
  return key;
}

async function resetLink({ db }: World): Promise<{ uid: string; token: string }> {
  const user = await buildUser(db, { email: nextEmail() });
  const token = randomBytes(32).toString('hex');
  const now = new Date();
  await insertResetToken(db, {
    userId: user.id,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 3_600_000),
  });
  return { uid: user.id.toString(36), token };
}

/** The captcha, demo registration, activation, password and feedback calls: open to everyone but change/. */
export const registrationCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/captcha/challenge/',
    request: () => ({ url: '/api/v1/captcha/challenge/' }),
    expect: PUBLIC,
  },
  {
    method: 'POST',
    route: '/api/v1/verify-recaptcha/',
    request: async () => ({ url: '/api/v1/verify-recaptcha/', payload: { token: await solvedCaptcha() } }),
    expect: PUBLIC,
  },
  {
    method: 'POST',
    route: '/api/v1/register-for-demo/',
    request: async () => ({
      url: '/api/v1/register-for-demo/',
      payload: {
        name: 'Walk Person',
        company: 'Walk Co',
        email: nextEmail(),
        captcha: await solvedCaptcha(),
      },
    }),
    expect: PUBLIC,
  },
  {
    method: 'GET',
    route: '/api/v1/users/activation/get-state/{key}/',
    request: async (world) => ({
      url: `/api/v1/users/activation/get-state/${await pendingActivationKey(world, { termsAccepted: false })}`,
    }),
    expect: PUBLIC,
  },
  {
    method: 'POST',
    route: '/api/v1/users/activation/accept-terms/{key}/',
    request: async (world) => ({
      url: `/api/v1/users/activation/accept-terms/${await pendingActivationKey(world, { termsAccepted: false })}/`,
    }),
    expect: PUBLIC,
  },
  {
    method: 'POST',
    route: '/api/v1/users/activation/set-password/{key}/',
    request: async (world) => ({
      url: `/api/v1/users/activation/set-password/${await pendingActivationKey(world, { termsAccepted: true })}/`,
      payload: { password1: NEW_PASSWORD, password2: NEW_PASSWORD },
    }),
    expect: PUBLIC,
  },
  {
    method: 'POST',
    route: '/api/v1/accounts/password/reset/',
    request: async ({ db }) => ({
      url: '/api/v1/accounts/password/reset/',
      payload: { email: (await buildUser(db, { email: nextEmail() })).email },
    }),
    expect: PUBLIC,
  },
  {
    method: 'POST',
    route: '/api/v1/accounts/password/reset/confirm/',
    request: async (world) => ({
      url: '/api/v1/accounts/password/reset/confirm/',
      payload: { ...(await resetLink(world)), new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD },
    }),
    expect: PUBLIC,
  },
  {
    // Each role changes its own password to the same one, so the other cases can still sign in.
    method: 'POST',
    route: '/api/v1/accounts/password/change/',
    request: () => ({
      url: '/api/v1/accounts/password/change/',
      payload: { old_password: TEST_PASSWORD, new_password1: TEST_PASSWORD, new_password2: TEST_PASSWORD },
    }),
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'POST',
    route: '/api/v1/feedback/',
    request: async () => ({
      url: '/api/v1/feedback/',
      payload: { about: 'Other', text: 'Walk', captcha: await solvedCaptcha() },
    }),
    expect: PUBLIC,
  },
];
