import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/build-server';

/**
 * The compiled server (scripts/build-server.ts; docs/operations.md 'The build'): what production runs, with no
 * TypeScript loader. Built into a folder of its own inside the server package (the package root is found from
 * the build's place), started with the demo on PGlite, asked what only a whole server answers, and stopped.
 */
const PACKAGE = path.resolve(import.meta.dirname, '..');
const outdir = path.join(PACKAGE, `.dist-test-${process.pid}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-compiled-'));
// A ceiling for a machine busy with other suites; the wait ends when the server answers.
const READY_CEILING_MS = 5 * 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_CEILING_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the compiled server exited (${child.exitCode}):\n${output()}`);
    }
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the compiled server was not ready after ${READY_CEILING_MS / 1000} s:\n${output()}`);
}

describe('the compiled server', () => {
  let child: ChildProcess;
  let baseUrl: string;
  let output = '';

  beforeAll(async () => {
    await buildServer(outdir);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'main.js')], {
      env: {
        ...process.env,
        PORT: String(port),
        MQTT_PORT: String(await freePort()),
        DEMO_CONTROL_PORT: String(await freePort()),
        MQTT_URL: '',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        DEMO: '1',
      },
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    await waitUntilReady(baseUrl, child, () => output);
  });

  afterAll(() => {
    if (child?.exitCode === null) {
      child.kill('SIGKILL');
    }
    fs.rmSync(outdir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds the server, its command line and the PGlite worker, and loads no TypeScript loader', () => {
    for (const entry of ['main.js', 'cli.js', 'pglite-worker.js']) {
      expect(fs.existsSync(path.join(outdir, entry)), entry).toBe(true);
    }
    const code = fs
      .readdirSync(outdir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(outdir, file), 'utf8'))
      .join('\n');
    // No module imports tsx (the worker's source-mode bootstrap names it only as text, and runs only from src/:
    // from dist it would look for pglite-worker.ts beside main.js and fail, so the next test proves it unused).
    expect(code).not.toMatch(/(from\s*|import\(\s*|require\(\s*)["']tsx/);
  });

  it('serves the migrated demo database through its PGlite worker: sign in, then me/', async () => {
    const login = await fetch(`${baseUrl}/api/v1/accounts/login-jwt/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@vigil.demo', password: 'Conveyor-2026' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const me = await fetch(`${baseUrl}/api/v2/me/`, { headers: { authorization: `JWT ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('admin@vigil.demo');
    // A file read at run time from the package (the common-password list), not from the build's folder.
    const weak = await fetch(`${baseUrl}/api/v1/accounts/password/change/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: JSON.stringify({
        old_password: 'Conveyor-2026',
        new_password1: 'password1',
        new_password2: 'password1',
      }),
    });
    expect(weak.status).toBe(400);
  });

  it('runs its command line', () => {
    const help = spawnSync(process.execPath, [path.join(outdir, 'cli.js')], { encoding: 'utf8' });
    expect(`${help.stdout}${help.stderr}`).toMatch(/migrate/);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
