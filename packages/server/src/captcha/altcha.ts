import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';

/**
 * Proof of work the browser does for one challenge: PBKDF2-SHA-256 with 1,000 iterations per attempt,
 * and the answer somewhere between attempts 1,000 and 5,000 (about a second in a browser with workers,
 * far more for a spammer sending thousands). The server derives the key once, when it creates the challenge.
 */
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 1_000;
const COUNTER_MIN = 1_000;
const COUNTER_MAX = 5_000;
/** A challenge must be solved and submitted within this time. */
export const CHALLENGE_TTL_SECONDS = 600;

export type AltchaKeys = { signatureSecret: string; keySignatureSecret: string };

/** Two HMAC secrets from the app's HMAC key: one signs the parameters, the other the expected key. */
export function altchaKeysFrom(hmacKey: Buffer): AltchaKeys {
  return {
    signatureSecret: hmacKey.toString('hex'),
    keySignatureSecret: createHmac('sha256', hmacKey).update('altcha-key-signature').digest('hex'),
  };
}

/** A signed challenge for the `altcha` widget; `counter` fixes the answer (tests use a small one). */
export function createAltchaChallenge(
  keys: AltchaKeys,
  options: { now?: Date; counter?: number; ttlSeconds?: number } = {},
): Promise<Challenge> {
  const now = options.now ?? new Date();
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: options.counter ?? randomInt(COUNTER_MAX, COUNTER_MIN),
    deriveKey,
    expiresAt: new Date(now.getTime() + (options.ttlSeconds ?? CHALLENGE_TTL_SECONDS) * 1000),
    hmacSignatureSecret: keys.signatureSecret,
    hmacKeySignatureSecret: keys.keySignatureSecret,
  });
}

const PayloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number(),
    }),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

export type AltchaPayload = z.infer<typeof PayloadSchema>;

/** The widget's payload (base64 of JSON) as an object, or null when it is not one. */
export function parseAltchaPayload(token: string): AltchaPayload | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    const parsed = PayloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Signed by us, unexpired and correctly solved. Never throws: a malformed payload is just unsolved. */
export async function isAltchaSolved(keys: AltchaKeys, payload: AltchaPayload): Promise<boolean> {
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: keys.signatureSecret,
      hmacKeySignatureSecret: keys.keySignatureSecret,
    });
    return result.verified;
  } catch {
    return false;
  }
}
