import { LOGIN_MESSAGES } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../../test/factories';
import { requireService, sharedRedisEnv } from '../../../test/services';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { DEFAULT_LOGIN_RATE_LIMITS } from './login-rate-limit';

const LOGIN = '/api/v1/accounts/login-jwt/';
const WRONG = 'Nope-nope-1';

type Attempt = { username: string; password: string; remoteAddress?: string; forwardedFor?: string };

function attempt(t: TestApp, { username, password, remoteAddress, forwardedFor }: Attempt) {
  return t.app.inject({
    method: 'POST',
    url: LOGIN,
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    payload: { username, password },
  });
}

describe('login rate limiting', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      loginRateLimits: {
        perAccountAndIp: { limit: 3, windowMs: 60_000 },
        perAccount: { limit: 100, windowMs: 60_000 },
        perIp: { limit: 8, windowMs: 60_000 },
      },
    });
  });
  afterAll(async () => t.close());

  it('answers 429 with a clear message after repeated failures, without locking out another user', async () => {
    const victim = await buildUser(t.db);
    const bystander = await buildUser(t.db);
    for (let i = 0; i < 3; i += 1) {
      expect((await attempt(t, { username: victim.email, password: WRONG })).statusCode).toBe(400);
    }
    const blocked = await attempt(t, { username: victim.email, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: LOGIN_MESSAGES.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const other = await attempt(t, { username: bystander.email, password: TEST_PASSWORD });
    expect(other.statusCode).toBe(200);
    const victimElsewhere = await attempt(t, {
      username: victim.email,
      password: TEST_PASSWORD,
      remoteAddress: '10.1.1.1',
    });
    expect(victimElsewhere.statusCode).toBe(200);
  });

  it('limits attempts per address across accounts', async () => {
    const codes = [];
    for (let i = 0; i < 9; i += 1) {
      const username = `guess${i}@example.test`;
      codes.push((await attempt(t, { username, password: WRONG, remoteAddress: '10.9.9.9' })).statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 429]);
  });

  it('does not let a client without TRUST_PROXY pick its address with X-Forwarded-For', async () => {
    const user = await buildUser(t.db);
    const codes = [];
    for (let i = 0; i < 4; i += 1) {
      const forwardedFor = `203.0.113.${i + 1}`;
      const response = await attempt(t, {
        username: user.email,
        password: WRONG,
        remoteAddress: '10.2.2.2',
        forwardedFor,
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 429]);
  });
});

describe('login rate limiting with the default limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ loginRateLimits: DEFAULT_LOGIN_RATE_LIMITS });
  });
  afterAll(async () => t.close());

  it('lets the owner sign in from a clean address after 60 failures from many addresses', async () => {
    const owner = await buildUser(t.db);
    for (let i = 0; i < 60; i += 1) {
      const remoteAddress = `198.51.100.${i + 1}`;
      const response = await attempt(t, { username: owner.email, password: WRONG, remoteAddress });
      expect(response.statusCode).toBe(400);
    }
    const response = await attempt(t, {
      username: owner.email,
      password: TEST_PASSWORD,
      remoteAddress: '192.0.2.7',
    });
    expect(response.statusCode).toBe(200);
  });

  it('keeps an attacking address waiting on the account under attack', async () => {
    const owner = await buildUser(t.db);
    for (let i = 0; i < 30; i += 1) {
      await attempt(t, { username: owner.email, password: WRONG, remoteAddress: `198.18.0.${i + 1}` });
    }
    const again = await attempt(t, { username: owner.email, password: WRONG, remoteAddress: '198.18.0.1' });
    expect(again.statusCode).toBe(429);
  });
});

describe('login rate limiting behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      env: { TRUST_PROXY: '127.0.0.1' },
      loginRateLimits: {
        perAccountAndIp: { limit: 2, windowMs: 60_000 },
        perAccount: { limit: 100, windowMs: 60_000 },
        perIp: { limit: 100, windowMs: 60_000 },
      },
    });
  });
  afterAll(async () => t.close());

  it('counts the forwarded address of requests from the proxy, and ignores the header from anyone else', async () => {
    const user = await buildUser(t.db);
    const viaProxy = [];
    for (const forwardedFor of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.1', '203.0.113.1']) {
      const response = await attempt(t, {
        username: user.email,
        password: WRONG,
        remoteAddress: '127.0.0.1',
        forwardedFor,
      });
      viaProxy.push(response.statusCode);
    }
    expect(viaProxy).toEqual([400, 400, 400, 400, 429]);

    const direct = [];
    for (const forwardedFor of ['203.0.113.7', '203.0.113.8', '203.0.113.9']) {
      const response = await attempt(t, {
        username: user.email,
        password: WRONG,
        remoteAddress: '10.3.3.3',
        forwardedFor,
      });
      direct.push(response.statusCode);
    }
    expect(direct).toEqual([400, 400, 429]);
  });
});

// Two instances on one Redis (CI: TEST_REDIS_URL=redis://127.0.0.1:6379) share the count.
const redisUrl = await requireService('redis');

describe.skipIf(redisUrl === undefined)('login rate limiting across instances (needs TEST_REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const env = sharedRedisEnv(redisUrl as string);
    const loginRateLimits = {
      perAccountAndIp: { limit: 3, windowMs: 60_000 },
      perAccount: { limit: 100, windowMs: 60_000 },
      perIp: { limit: 100, windowMs: 60_000 },
    };
    a = await buildTestApp({ env, loginRateLimits });
    b = await buildTestApp({ env, loginRateLimits, database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('makes the pair that failed through instance A wait on instance B, and nobody else', async () => {
    const user = await buildUser(a.db);
    const remoteAddress = '10.4.4.4';
    const codes = [];
    for (const t of [a, b, a]) {
      codes.push((await attempt(t, { username: user.email, password: WRONG, remoteAddress })).statusCode);
    }
    expect(codes).toEqual([400, 400, 400]);
    const blocked = await attempt(b, { username: user.email, password: TEST_PASSWORD, remoteAddress });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await attempt(b, {
      username: user.email,
      password: TEST_PASSWORD,
      remoteAddress: '10.5.5.5',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
