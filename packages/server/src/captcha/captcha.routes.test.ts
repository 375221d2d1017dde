import { CAPTCHA_MESSAGES, CaptchaChallengeSchema } from '@vigil/contracts';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeAltchaPayload, solvedCaptcha } from '../../test/captcha-token';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { CHALLENGE_TTL_SECONDS } from './altcha';

const VERIFY = '/api/v1/verify-recaptcha/';

describe('captcha API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('GET captcha/challenge/ gives a fresh signed challenge that expires in 10 minutes', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/captcha/challenge/' });
    const second = await t.app.inject({ method: 'GET', url: '/api/v1/captcha/challenge/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const challenge = CaptchaChallengeSchema.parse(first.json());
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const expiresIn = (challenge.parameters.expiresAt ?? 0) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(CHALLENGE_TTL_SECONDS - 30);
    expect(expiresIn).toBeLessThanOrEqual(CHALLENGE_TTL_SECONDS);
    expect(second.json().parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('accepts a challenge solved as the widget solves it, without using it up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/captcha/challenge/' });
    const challenge = response.json<Challenge>();
    const solution = await solveChallenge({ challenge, deriveKey: pbkdf2 });
    const token = encodeAltchaPayload({ challenge, solution });
    for (let i = 0; i < 2; i += 1) {
      const verified = await t.app.inject({ method: 'POST', url: VERIFY, payload: { token } });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ success: true });
    }
  });

  it('answers success false for an unsolved, expired or forged token', async () => {
    const unsolved = await t.app.inject({ method: 'GET', url: '/api/v1/captcha/challenge/' });
    const tokens = [
      encodeAltchaPayload({ challenge: unsolved.json(), solution: { counter: 1, derivedKey: '00' } }),
      await solvedCaptcha({ ttlSeconds: -5 }),
      'forged',
    ];
    for (const token of tokens) {
      const response = await t.app.inject({ method: 'POST', url: VERIFY, payload: { token } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: false });
    }
  });

  it('asks for the captcha when the token is missing', async () => {
    for (const payload of [{}, { token: '' }, { token: 12 }]) {
      const response = await t.app.inject({ method: 'POST', url: VERIFY, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ token: [CAPTCHA_MESSAGES.required] });
    }
  });
});
