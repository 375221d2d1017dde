import { CAPTCHA_MESSAGES } from '@vigil/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeAltchaPayload } from '../../test/captcha-token';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../db/database';
import { captchaRedemptions } from '../db/tables/captcha.table';
import { AppError } from '../errors';
import { altchaKeysFrom, createAltchaChallenge } from './altcha';
import { CaptchaService } from './captcha.service';
import { googleSiteVerify, SITEVERIFY_URL } from './recaptcha';

const keys = altchaKeysFrom(Buffer.alloc(32, 7));

async function solved(options: { ttlSeconds?: number; keysUsed?: typeof keys } = {}): Promise<string> {
  const challenge = await createAltchaChallenge(options.keysUsed ?? keys, {
    counter: 2,
    ttlSeconds: options.ttlSeconds,
  });
  const solution = await solveChallenge({ challenge, deriveKey: pbkdf2 });
  return encodeAltchaPayload({ challenge, solution });
}

describe('captcha verifiers', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  describe('ALTCHA', () => {
    it('checks a solved challenge as often as asked, then redeems it once only', async () => {
      const verifier = new CaptchaService({ db: database.db, verification: { altcha: keys } });
      const token = await solved();
      await expect(verifier.check(token)).resolves.toBe(true);
      await expect(verifier.check(token)).resolves.toBe(true);
      await expect(verifier.redeem(token)).resolves.toBe(true);
      await expect(verifier.redeem(token)).resolves.toBe(false);
      await expect(verifier.check(token)).resolves.toBe(false);
    });

    it('refuses expired, foreign, tampered, unsolved and malformed payloads', async () => {
      const verifier = new CaptchaService({ db: database.db, verification: { altcha: keys } });
      const expired = await solved({ ttlSeconds: -1 });
      const foreign = await solved({ keysUsed: altchaKeysFrom(Buffer.alloc(32, 8)) });
      const good = JSON.parse(Buffer.from(await solved(), 'base64').toString('utf8'));
      const tampered = encodeAltchaPayload({
        ...good,
        challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 1 } },
      });
      const wrongKey = encodeAltchaPayload({
        ...good,
        solution: { counter: 2, derivedKey: 'ab'.repeat(32) },
      });
      const widgetTestMode = encodeAltchaPayload({ challenge: null, solution: null, test: true });
      for (const token of [expired, foreign, tampered, wrongKey, widgetTestMode, 'not base64 json', '']) {
        await expect(verifier.check(token)).resolves.toBe(false);
        await expect(verifier.redeem(token)).resolves.toBe(false);
      }
    });

    it('purges used-up challenges once they have expired', async () => {
      const signatureOf = (token: string): string =>
        JSON.parse(Buffer.from(token, 'base64').toString('utf8')).challenge.signature;
      const stored = async () =>
        (await database.db.select().from(captchaRedemptions)).map((row) => row.signature);
      let now = new Date();
      const verifier = new CaptchaService({
        db: database.db,
        verification: { altcha: keys },
        now: () => now,
      });
      const first = await solved();
      await expect(verifier.redeem(first)).resolves.toBe(true);
      expect(await stored()).toContain(signatureOf(first));
      // An hour later the first challenge (10 minutes) has expired; the next redeem purges it.
      now = new Date(Date.now() + 3_600_000);
      const second = await solved();
      await expect(verifier.redeem(second)).resolves.toBe(true);
      const after = await stored();
      expect(after).not.toContain(signatureOf(first));
      expect(after).toContain(signatureOf(second));
    });

    it('assertRedeemed answers the spec message when the captcha fails', async () => {
      const verifier = new CaptchaService({ db: database.db, verification: { altcha: keys } });
      const error = await verifier.assertRedeemed('junk').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).fields).toEqual({ captcha: [CAPTCHA_MESSAGES.failed] });
    });
  });

  describe('reCAPTCHA', () => {
    it('asks Google once: a checked response is redeemed once, a replay is refused', async () => {
      const asked: string[] = [];
      const siteVerify = async (token: string) => {
        asked.push(token);
        return token === 'good-response';
      };
      const verifier = new CaptchaService({ db: database.db, verification: { siteVerify } });
      await expect(verifier.check('good-response')).resolves.toBe(true);
      await expect(verifier.check('good-response')).resolves.toBe(true);
      await expect(verifier.redeem('good-response')).resolves.toBe(true);
      await expect(verifier.redeem('good-response')).resolves.toBe(false);
      await expect(verifier.check('good-response')).resolves.toBe(false);
      expect(asked).toEqual(['good-response']);
      await expect(verifier.check('bad-response')).resolves.toBe(false);
      await expect(verifier.redeem('bad-response')).resolves.toBe(false);
    });

    it('redeems a response that was never checked after asking Google', async () => {
      const verifier = new CaptchaService({
        db: database.db,
        verification: { siteVerify: async () => true },
      });
      await expect(verifier.redeem('fresh-response')).resolves.toBe(true);
      await expect(verifier.redeem('fresh-response')).resolves.toBe(false);
    });

    it('posts the secret and response to siteverify and reads success', async () => {
      const calls: Array<{ url: string; body: string }> = [];
      const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
        calls.push({ url: String(url), body: String(init?.body) });
        return Response.json({ success: String(init?.body).includes('response=yes'), hostname: 'x' });
      }) as typeof fetch;
      const siteVerify = googleSiteVerify('s3cret', fakeFetch);
      await expect(siteVerify('yes')).resolves.toBe(true);
      await expect(siteVerify('no')).resolves.toBe(false);
      expect(calls[0]).toEqual({ url: SITEVERIFY_URL, body: 'secret=s3cret&response=yes' });
    });

    it('answers 503 when Google cannot be reached', async () => {
      const offline = (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch;
      const error = await googleSiteVerify('s3cret', offline)('x').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('unavailable');
      expect((error as AppError).message).toBe(CAPTCHA_MESSAGES.unavailable);
    });
  });
});
