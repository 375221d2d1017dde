import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = 'packages/server/src/main.ts';
const CLI = 'packages/server/src/cli/main.ts';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-process-'));
// Ceilings for a machine busy with other suites, not expected durations: every wait ends on an event
// (the server's ready line, its exit, a log line) and normally takes seconds.
const READY_CEILING_MS = 5 * 60_000;
const TEST_CEILING_MS = 15 * 60_000;
const running = new Set<ChildProcess>();

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function env(port: number, mqttPort = 0): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    // Its own broker port: the machine may already run an MQTT broker on 1883.
    MQTT_PORT: String(mqttPort),
    MQTT_URL: '',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    DEMO: '1',
  };
}

type Running = { child: ChildProcess; output: () => string; baseUrl: string };

/** Resolves once the server's output satisfies isReady; rejects if it exits first or after the ceiling. */
function waitForOutput(server: Running, isReady: (output: string) => boolean, what: string): Promise<void> {
  const { child } = server;
  return new Promise((resolve, reject) => {
    const finish = (error?: Error) => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('exit', handleExit);
      if (error) {
        reject(error);
      } else {
        resolve();
      }
    };
    const check = () => {
      if (isReady(server.output())) {
        finish();
      }
    };
    const handleExit = (code: number | null) =>
      finish(new Error(`the server exited (${code}) before ${what}:\n${server.output()}`));
    const timer = setTimeout(
      () => finish(new Error(`no ${what} after ${READY_CEILING_MS / 1000} s:\n${server.output()}`)),
      READY_CEILING_MS,
    );
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', handleExit);
    if (child.exitCode !== null) {
      handleExit(child.exitCode);
    }
    check();
  });
}

async function startServer(options: { logLevel?: string } = {}): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    // Each request's log line (the demo's default is a summary a minute): the test watches for one.
    env: { ...env(port, await freePort()), LOG_LEVEL: options.logLevel ?? 'warn', REQUEST_LOG: 'each' },
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const server = { child, output: () => output, baseUrl: `http://127.0.0.1:${port}` };
  await waitForOutput(server, (text) => text.includes('Stop with Ctrl-C'), 'ready line');
  return server;
}

/** SIGTERM, then the exit code once the process has ended (at once if it already has). */
function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve(child.exitCode);
  }
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

/** A port another process holds, until release(). */
async function takePort(): Promise<{ port: number; release: () => void }> {
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const address = taken.address();
  return { port: typeof address === 'object' && address ? address.port : 0, release: () => taken.close() };
}

/** Runs the server until it exits by itself (start-up refused). */
function startOnce(environment: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: environment,
    encoding: 'utf8',
  });
}

function runCli(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: env(0),
    encoding: 'utf8',
  });
}

/** Fastify's 'incoming request' log lines (LOG_LEVEL=info) for the sign-in route. */
function countLoginRequests(output: string): number {
  return output.split('\n').filter((line) => line.includes('incoming request') && line.includes('login-jwt'))
    .length;
}

async function login(baseUrl: string, username: string, password: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v1/accounts/login-jwt/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return response.status;
}

// A failed test must not leave its server holding the data directory for the next one.
afterEach(async () => {
  await Promise.all([...running].map(stop));
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the server process on the embedded database', () => {
  it(
    'seeds the demo on first start, keeps rows across restarts, guards the data dir and shuts down cleanly',
    async () => {
      const first = await startServer({ logLevel: 'info' });
      expect(first.output()).toContain('Demo data loaded on this first start, with 28 days of history');
      expect(first.output()).toContain('admin@vigil.demo');
      expect(await login(first.baseUrl, 'admin@vigil.demo', 'Conveyor-2026')).toBe(200);

      // The CLI refuses, in one line and touching nothing, while the server holds the data directory.
      const refused = runCli([
        'create-superuser',
        '--email',
        'second@vigil.test',
        '--password',
        'Grain-Belt-77',
      ]);
      expect(refused.status).toBe(1);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(refused.stderr).toMatch(/in use by a running Vigil process/);

      // A slow request in flight when SIGTERM arrives still gets its answer: SIGTERM goes once the server
      // has logged the request as received.
      const loginsSeen = countLoginRequests(first.output());
      const inFlight = login(first.baseUrl, 'admin@vigil.demo', 'Conveyor-2026');
      await waitForOutput(first, (text) => countLoginRequests(text) > loginsSeen, 'incoming login request');
      const exitCode = await stop(first.child);
      expect(await inFlight).toBe(200);
      expect(exitCode).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'vigil.lock'))).toBe(false);

      // Stopped: the CLI works on the same data.
      const created = runCli([
        'create-superuser',
        '--email',
        'second@vigil.test',
        '--password',
        'Grain-Belt-77',
        '--name',
        'Second Admin',
      ]);
      expect(created.stderr).toBe('');
      expect(created.status).toBe(0);
      const duplicate = runCli([
        'create-superuser',
        '--email',
        'second@vigil.test',
        '--password',
        'Grain-Belt-77',
      ]);
      expect(duplicate.status).toBe(1);

      const second = await startServer();
      try {
        expect(second.output()).toContain('Demo data present.');
        expect(await login(second.baseUrl, 'second@vigil.test', 'Grain-Belt-77')).toBe(200);
        expect(await login(second.baseUrl, 'user@northfield.demo', 'Conveyor-2026')).toBe(200);
      } finally {
        expect(await stop(second.child)).toBe(0);
      }
    },
    TEST_CEILING_MS,
  );

  it(
    'stops start-up with one clear line when the MQTT port is taken, leaving the data directory unlocked',
    async () => {
      const { port: mqttPort, release } = await takePort();
      try {
        const result = startOnce(env(await freePort(), mqttPort));
        expect(result.status).toBe(1);
        expect(result.stderr.trim()).toBe(
          `MQTT port ${mqttPort} is already in use (another MQTT broker?): set MQTT_PORT or MQTT_URL.`,
        );
        expect(fs.existsSync(path.join(dataDir, 'vigil.lock'))).toBe(false);
      } finally {
        release();
      }
    },
    TEST_CEILING_MS,
  );

  it(
    'stops start-up with one clear line when the HTTP port is taken, leaving the data directory unlocked',
    async () => {
      const { port, release } = await takePort();
      try {
        const result = startOnce(env(port, await freePort()));
        expect(result.status).toBe(1);
        expect(result.stderr.trim()).toBe(
          `HTTP port ${port} is already in use (another Vigil or web server?): set PORT to a free port, e.g. PORT=8081 npm start.`,
        );
        expect(fs.existsSync(path.join(dataDir, 'vigil.lock'))).toBe(false);
      } finally {
        release();
      }
    },
    TEST_CEILING_MS,
  );

  it('stops start-up with one line naming a bad variable', { timeout: TEST_CEILING_MS }, () => {
    const result = startOnce({ ...env(0), PORT: 'eighty' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Invalid configuration: PORT: /);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
