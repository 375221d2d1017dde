import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { redactUrl } from './request-log';

describe('redactUrl', () => {
  it('replaces key path segments and token query values, and keeps the rest', () => {
    expect(redactUrl('/ws/device-data/UDF-1/?token=eyJ.abc.def&x=1')).toBe(
      '/ws/device-data/UDF-1/?token=[redacted]&x=1',
    );
    expect(redactUrl('/api/v1/users/activation/set-password/k3y/')).toBe(
      '/api/v1/users/activation/set-password/[redacted]/',
    );
    expect(redactUrl('/password/reset/key/1a-f00d')).toBe('/password/reset/key/[redacted]');
    expect(redactUrl('/register/activate/k3y?x=1')).toBe('/register/activate/[redacted]?x=1');
    expect(redactUrl('/api/v1/users/activation/resend-activation/12/')).toBe(
      '/api/v1/users/activation/resend-activation/12/',
    );
    expect(redactUrl('/api/v1/devices/?location=3&limit=10')).toBe('/api/v1/devices/?location=3&limit=10');
  });
});

describe('request log of the real app', () => {
  let database: DatabaseHandle;
  const lines: string[] = [];
  // Any value: the routes answer 404 for an unknown key, and the request is logged all the same.
  const key = '5e1f0c3a9b7d4e2f8a6c1b3d5e7f9a0b2c4d6e8f';
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZWNyZXQtc2Vzc2lvbiJ9.c2lnbmF0dXJlLXNlY3JldA';
  const resetToken = 'feedfacecafebeef0123456789abcdef';

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('holds no activation key, reset token or socket token', async () => {
    const config = loadConfig({
      DATA_DIR: '/nonexistent-test-data',
      DEMO: '0',
      WEB_DIST_DIR: '/nonexistent-web',
    });
    const app = await buildApp(config, {
      database,
      jwtSecret: TEST_JWT_SECRET,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const calls = [
        { method: 'GET', url: `/api/v1/users/activation/get-state/${key}/` },
        { method: 'POST', url: `/api/v1/users/activation/accept-terms/${key}/` },
        { method: 'POST', url: `/api/v1/users/activation/set-password/${key}/`, payload: {} },
        { method: 'GET', url: `/ws/device-data/UDF-1/?token=${jwt}` },
        { method: 'GET', url: `/api/v1/me/?token=${jwt}` },
        { method: 'GET', url: `/register/activate/${key}` },
        { method: 'GET', url: `/password/reset/key/1a-${resetToken}` },
      ] as const;
      for (const call of calls) {
        await app.inject(call);
      }
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('[redacted]');
    expect(log).toContain('/api/v1/users/activation/get-state/[redacted]/');
    for (const secret of [key, 'eyJhbGciOiJIUzI1NiJ9', resetToken]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('request log in summary mode', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('writes one summary line by status class instead of a line per request, and keeps 5xx at error', async () => {
    const lines: Array<{ level: number; msg: string; [key: string]: unknown }> = [];
    const config = loadConfig({
      DATA_DIR: '/nonexistent-test-data',
      DEMO: '0',
      WEB_DIST_DIR: '/nonexistent-web',
      LOG_LEVEL: 'info',
      REQUEST_LOG: 'summary',
    });
    const app = await buildApp(config, {
      database,
      jwtSecret: TEST_JWT_SECRET,
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    app.get('/test-failure', async () => {
      throw new Error('broken on purpose');
    });
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      }
      expect((await app.inject({ method: 'GET', url: '/api/v1/me/' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/v1/no-such-route/' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/test-failure' })).statusCode).toBe(500);
    } finally {
      await app.close();
    }
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
    const failures = lines.filter((line) => line.msg === 'request completed');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ level: 50, res: { statusCode: 500 } });
    const summaries = lines.filter((line) => String(line.msg).startsWith('HTTP requests in the last'));
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({
      level: 30,
      requests: 6,
      byStatus: { '2xx': 3, '4xx': 2, '5xx': 1 },
    });
  });
});
