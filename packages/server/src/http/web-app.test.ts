import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const SCRIPT_URL = '/assets/index-Ab12Cd34.js';
let distDir: string;
let app: FastifyInstance;

function writeDist(): void {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-web-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), `<script type="module" src="${SCRIPT_URL}"></script>`);
  fs.writeFileSync(path.join(distDir, '.vigil-build-stamp'), 'stamp-hash\n');
  const script = path.join(distDir, SCRIPT_URL);
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
}

function getScript(acceptEncoding?: string) {
  const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
  return app.inject({ method: 'GET', url: SCRIPT_URL, headers });
}

beforeAll(async () => {
  writeDist();
  app = Fastify({ logger: false });
  await registerWebApp(app, distDir);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends a script brotli-compressed to a browser that accepts br, cached for good', async () => {
    const response = await getScript('gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends it gzip-compressed to a client that accepts gzip but not br', async () => {
    const response = await getScript('gzip, deflate');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends it plain to a client that accepts neither', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await getScript(acceptEncoding);
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('answers app paths with index.html, never cached without revalidation', async () => {
    const response = await app.inject({ method: 'GET', url: '/sites' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(SCRIPT_URL);
  });

  it('does not serve the build stamp', async () => {
    const response = await app.inject({ method: 'GET', url: '/.vigil-build-stamp' });
    expect(response.body).not.toContain('stamp-hash');
  });
});
