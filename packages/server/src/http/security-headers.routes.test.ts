import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';

describe('security headers', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'vigil-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><script type="module" src="/assets/app.js"></script>',
    );
    writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1);');
    t = await buildTestApp({ env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const cases = [
    ['an API answer', '/healthz', 200],
    ['an API error', '/api/v1/me/', 401],
    ['an unknown API path', '/api/v1/no-such-thing/', 404],
    ['a static file', '/assets/app.js', 200],
    ['a page of the web app', '/sites/edit/site/3', 200],
    ['the API documentation', '/api/docs/static/swagger-initializer.js', 200],
  ] as const;

  it.each(cases)('are on %s', async (_name, url, status) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(status);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).toContain("worker-src 'self' blob:");
  });
});
