import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type SessionClaims = { userId: number; sessionId: string };

const ISSUER = 'vigil';
const ALGORITHM = 'HS256';

/** Signs and verifies the JWT that names a server-side session. */
export class SessionTokens {
  // Imported once: jose imports a raw Uint8Array secret again on every sign and verify.
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(secret: string) {
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
  async verify(token: string): Promise<SessionClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { issuer: ISSUER, algorithms: [ALGORITHM] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string') {
        return undefined;
      }
      return { userId, sessionId: payload.sid };
    } catch {
      return undefined;
    }
  }
}
