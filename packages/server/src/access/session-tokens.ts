import { createHmac, timingSafeEqual, webcrypto } from 'node:crypto';
import { SignJWT } from 'jose';

export type SessionClaims = { userId: number; sessionId: string };

const ISSUER = 'vigil';
const ALGORITHM = 'HS256';

const decodeJson = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Signs and verifies the JWT that names a server-side session. Verifying runs on every authenticated request,
 * so it is done here with node:crypto's HMAC, synchronously (WebCrypto's verify, which jose uses, costs a trip
 * to the thread pool per request): HS256 only, the signature compared in constant time in its one canonical
 * base64url form, the issuer and the expiry checked as jose checks them.
 */
export class SessionTokens {
  private readonly secret: Buffer;

  // Imported once: jose imports a raw Uint8Array secret again on every sign and verify.
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(secret: string) {
    this.secret = Buffer.from(secret, 'utf8');
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: SessionClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.key);
  }

  /** The claims of a valid, unexpired token, or undefined for anything else. */
  async verify(token: string, now = new Date()): Promise<SessionClaims | undefined> {
    const parts = token.split('.');
    if (parts.length !== 3) {
      return undefined;
    }
    const [header, payload, signature] = parts as [string, string, string];
    const expected = Buffer.from(
      createHmac('sha256', this.secret).update(`${header}.${payload}`).digest('base64url'),
      'utf8',
    );
    const given = Buffer.from(signature, 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return undefined;
    }
    try {
      const head = decodeJson(header);
      const claims = decodeJson(payload);
      if (!isRecord(head) || head.alg !== ALGORITHM || head.crit !== undefined || !isRecord(claims)) {
        return undefined;
      }
      const seconds = Math.floor(now.getTime() / 1000);
      const { iss, exp, nbf, sub, sid } = claims;
      if (iss !== ISSUER || typeof exp !== 'number' || exp <= seconds) {
        return undefined;
      }
      if (nbf !== undefined && (typeof nbf !== 'number' || nbf > seconds)) {
        return undefined;
      }
      const userId = Number(sub);
      if (typeof sub !== 'string' || !Number.isInteger(userId) || typeof sid !== 'string') {
        return undefined;
      }
      return { userId, sessionId: sid };
    } catch {
      return undefined;
    }
  }
}
