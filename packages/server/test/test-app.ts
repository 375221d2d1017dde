import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Database, DatabaseHandle } from '../src/db/database';
import type { LoginRateLimits } from '../src/modules/accounts/login-rate-limit';
import { openTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
};

/** The JWT secret of every test app; helpers derive the app's keys from it (captcha tokens). */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-to-sign-tokens';

/** METRICS_TOKEN of every test app, and the request that reads /metrics with it. */
export const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789';
export const METRICS_REQUEST = {
  url: '/metrics',
  headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
};

const RELAXED_LIMITS: LoginRateLimits = {
  perAccountAndIp: { limit: 1000, windowMs: 60_000 },
  perAccount: { limit: 1000, windowMs: 60_000 },
  perIp: { limit: 1000, windowMs: 60_000 },
};

/**
 * The real app on a fresh database, with no logging and relaxed login limits unless given. With
 * `database` the app runs on that (shared) database instead — a second instance, or a restarted one —
 * and close() leaves the database open for its owner.
 */
export async function buildTestApp(
  options: {
    loginRateLimits?: LoginRateLimits;
    env?: Record<string, string>;
    database?: DatabaseHandle;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const config = loadConfig({
    DATA_DIR: '/nonexistent-test-data',
    DEMO: '0',
    WEB_DIST_DIR: '/nonexistent-web',
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    ...options.env,
  });
  const app = await buildApp(config, {
    database,
    jwtSecret: TEST_JWT_SECRET,
    loginRateLimits: options.loginRateLimits ?? RELAXED_LIMITS,
    logger: false,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      if (options.database === undefined) {
        await database.close();
      }
    },
  };
}

/** Signs in through the real login call and returns the Authorization header value. */
export async function authHeader(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/accounts/login-jwt/',
    payload: { username, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login as ${username} failed: ${response.statusCode} ${response.body}`);
  }
  return `JWT ${response.json<{ token: string }>().token}`;
}
