import { solveChallenge } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { altchaKeysFrom, createAltchaChallenge } from '../src/captcha/altcha';
import { deriveKey } from '../src/context';
import { TEST_JWT_SECRET } from './test-app';

/**
 * A solved ALTCHA payload that a test app accepts, as the widget would send it: signed with the app's
 * key, but with an easy answer so tests need not spend a second of proof of work each.
 */
export async function solvedCaptcha(options: { ttlSeconds?: number } = {}): Promise<string> {
  const keys = altchaKeysFrom(deriveKey(TEST_JWT_SECRET, 'hmac'));
  const challenge = await createAltchaChallenge(keys, { counter: 3, ttlSeconds: options.ttlSeconds });
  const solution = await solveChallenge({ challenge, deriveKey: pbkdf2 });
  if (solution === null) {
    throw new Error('could not solve the test captcha');
  }
  return encodeAltchaPayload({ challenge, solution });
}

/** The widget's encoding: base64 of the JSON payload. */
export function encodeAltchaPayload(payload: unknown): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
