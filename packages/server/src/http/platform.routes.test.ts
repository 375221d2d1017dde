import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, METRICS_REQUEST, type TestApp } from '../../test/test-app';

describe('platform endpoints', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers liveness and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('exposes request counts and latencies by route pattern in Prometheus format', async () => {
    await t.app.inject('/api/v1/me/');
    const response = await t.app.inject(METRICS_REQUEST);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toMatch(
      /vigil_http_requests_total\{method="GET",route="\/api\/v1\/me\/",status_code="401"\} 1/,
    );
    expect(response.body).toMatch(/vigil_http_request_duration_seconds_bucket/);
  });

  it('answers unknown API paths with 404 JSON', async () => {
    for (const url of ['/api/v1/no-such-thing/', '/api/v2/nope', '/ws/unknown/']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('serves an OpenAPI document that lists the routes with their schemas', async () => {
    const response = await t.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/accounts/login-jwt/', '/api/v1/me/', '/api/v2/me/']),
    );
    expect(document.paths['/api/v1/accounts/login-jwt/'].post.requestBody).toBeDefined();
    expect((await t.app.inject('/api/docs/')).statusCode).toBe(200);
  });

  it('accepts paths with or without the trailing slash', async () => {
    expect((await t.app.inject('/api/v1/me')).statusCode).toBe(401);
  });
});
