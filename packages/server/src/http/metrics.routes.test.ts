import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, METRICS_REQUEST, TEST_METRICS_TOKEN, type TestApp } from '../../test/test-app';

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('serves the metrics only to the bearer of the token', async () => {
    const allowed = await t.app.inject(METRICS_REQUEST);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toMatch(/vigil_http_requests_total/);

    for (const authorization of [
      undefined,
      '',
      'Bearer ',
      'Bearer wrong-token-0123456789',
      `Bearer ${TEST_METRICS_TOKEN}x`,
      `JWT ${TEST_METRICS_TOKEN}`,
      TEST_METRICS_TOKEN,
    ]) {
      const headers = authorization === undefined ? {} : { authorization };
      const refused = await t.app.inject({ url: '/metrics', headers });
      expect(refused.statusCode, String(authorization)).toBe(401);
      expect(refused.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(refused.body).not.toMatch(/vigil_/);
    }
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: '' } });
  });
  afterAll(async () => t.close());

  it('does not exist', async () => {
    for (const request of [{ url: '/metrics' }, METRICS_REQUEST]) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });
});
