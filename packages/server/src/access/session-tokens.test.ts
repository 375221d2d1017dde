import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { SessionTokens } from './session-tokens';

const SECRET = 'a-secret-long-enough-for-the-tests-0123456789';
const tokens = new SessionTokens(SECRET);
const inAnHour = () => new Date(Date.now() + 3_600_000);

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token signed with the secret over any header and claims. */
function forge(header: object, claims: object, secret = SECRET): string {
  const body = `${encode(header)}.${encode(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
const claims = (overrides: object = {}) => ({
  iss: 'vigil',
  sub: '7',
  sid: 'session-1',
  exp: Math.floor(Date.now() / 1000) + 60,
  ...overrides,
});
const HS256 = { alg: 'HS256', typ: 'JWT' };

describe('SessionTokens', () => {
  it('verifies what it signs (and what jose signs with the same key)', async () => {
    const token = await tokens.sign({ userId: 7, sessionId: 'session-1' }, inAnHour());
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 'session-1' });
    const byJose = await new SignJWT({ sid: 's2' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('vigil')
      .setSubject('9')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(byJose)).toEqual({ userId: 9, sessionId: 's2' });
  });

  it('refuses a changed payload, another key, another algorithm, a critical header and malformed tokens', async () => {
    const token = await tokens.sign({ userId: 7, sessionId: 'session-1' }, inAnHour());
    const [header, , signature] = token.split('.');
    expect(await tokens.verify(`${header}.${encode(claims({ sub: '1' }))}.${signature}`)).toBeUndefined();
    expect(
      await tokens.verify(forge(HS256, claims(), 'another-secret-of-the-same-length-01234567')),
    ).toBeUndefined();
    expect(await tokens.verify(forge({ alg: 'none' }, claims()))).toBeUndefined();
    expect(await tokens.verify(forge({ alg: 'HS512' }, claims()))).toBeUndefined();
    expect(await tokens.verify(forge({ ...HS256, crit: ['x'] }, claims()))).toBeUndefined();
    for (const bad of ['', 'a.b', 'a.b.c.d', `${token}x`, `${token.slice(0, -1)}=`, 'ey.ey.ey']) {
      expect(await tokens.verify(bad)).toBeUndefined();
    }
  });

  it('refuses an expired or not-yet-valid token, another issuer and claims of the wrong types', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await tokens.verify(forge(HS256, claims({ exp: now - 1 })))).toBeUndefined();
    expect(await tokens.verify(forge(HS256, claims({ exp: now })))).toBeUndefined();
    expect(await tokens.verify(forge(HS256, claims({ nbf: now + 60 })))).toBeUndefined();
    expect(await tokens.verify(forge(HS256, claims({ iss: 'other' })))).toBeUndefined();
    expect(await tokens.verify(forge(HS256, claims({ exp: String(now + 60) })))).toBeUndefined();
    expect(await tokens.verify(forge(HS256, claims({ sub: 7 })))).toBeUndefined();
    expect(await tokens.verify(forge(HS256, claims({ sub: 'seven' })))).toBeUndefined();
    expect(await tokens.verify(forge(HS256, claims({ sid: 1 })))).toBeUndefined();
    expect(await tokens.verify(forge(HS256, claims()))).toEqual({ userId: 7, sessionId: 'session-1' });
  });
});
