import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { freePort } from '../../e2e/fixtures/free-port';

const ROOT = path.resolve(import.meta.dirname, '../..');
const READY_TIMEOUT_MS = 120_000;

/** The environment of every Vigil process of one bench run (server and CLI share the database). */
export type VigilEnv = { databaseUrl: string | null; dataDir: string };

export type VigilServer = {
  baseUrl: string;
  brokerUrl: string;
  pid: number;
  /** The server's METRICS_TOKEN: /metrics answers only `Authorization: Bearer <metricsToken>`. */
  metricsToken: string;
  stop(): Promise<void>;
};

function processEnv(env: VigilEnv, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { DEMO: _demo, MQTT_URL: _mqtt, REDIS_URL: _redis, DATABASE_URL: _db, ...inherited } = process.env;
  return {
    ...inherited,
    ...(env.databaseUrl === null ? {} : { DATABASE_URL: env.databaseUrl }),
    DATA_DIR: env.dataDir,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** The compiled CLI (scripts/build-server.ts): starts in well under a second, where tsx takes several. */
const COMPILED_CLI = 'packages/server/dist/cli.js';

/**
 * Runs `npm run cli -- <args>` (without npm) and resolves with its output; rejects on a non-zero exit.
 * `compiled`: the built CLI, for a bench that runs it many times (call ensureBuild() first).
 */
export function runCli(env: VigilEnv, args: string[], compiled = false): Promise<string> {
  const entry = compiled ? [COMPILED_CLI] : ['--import', 'tsx', 'packages/server/src/cli/main.ts'];
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: ROOT,
    env: processEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`cli ${args[0]} exited with ${code}: ${output.trim()}`)),
    );
  });
}

/** `node --cpu-prof` arguments writing profiles (one per thread, at exit) into dir/name/, or none. */
export function cpuProfileArgs(dir: string | null, name: string): string[] {
  return dir === null ? [] : ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir, name)}`];
}

/**
 * Node's flags for the server, as `npm start` runs it (package.json; vigil-process.test.ts keeps the two
 * alike): a young generation of up to 64 MB per semi-space, so that the trees an ingest batch holds for its
 * 250 ms die young instead of being promoted (docs/decisions.md 2026-11-24 'ingest CPU per point').
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64', '--enable-source-maps'] as const;
/** What npm start runs: the compiled server (scripts/build-server.ts). */
export const SERVER_MAIN = 'packages/server/dist/main.js';

let isBuilt = false;

/** Builds the server (and the web app) when their sources changed since the last build, once per process. */
export function ensureBuild(): void {
  if (isBuilt) {
    return;
  }
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-build.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    throw new Error('the server did not build (see above)');
  }
  isBuilt = true;
}

/**
 * Starts the compiled server, as npm start does, on free HTTP and MQTT ports (embedded broker, no demo).
 * `extraEnv` is added last: with MQTT_URL the server consumes from that broker, and `brokerUrl` is it.
 */
export async function startVigilServer(
  env: VigilEnv,
  nodeArgs: string[] = [],
  extraEnv: Record<string, string> = {},
): Promise<VigilServer> {
  ensureBuild();
  const port = await freePort();
  const mqttPort = await freePort();
  const args = [...SERVER_NODE_FLAGS, ...nodeArgs, SERVER_MAIN];
  const metricsToken = randomBytes(24).toString('hex');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: processEnv(env, {
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      HOST: '127.0.0.1',
      DEMO: '0',
      JWT_SECRET: 'bench-ingest-secret-0123456789abcdef0123456789',
      METRICS_TOKEN: metricsToken,
      ...extraEnv,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Warnings and errors go to the bench's stderr as they come; they explain a bad figure.
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    process.stderr.write(chunk);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(baseUrl, child, () => output);
  return {
    baseUrl,
    brokerUrl: extraEnv.MQTT_URL ?? `mqtt://127.0.0.1:${mqttPort}`,
    pid: child.pid ?? 0,
    metricsToken,
    stop: () => stopChild(child),
  };
}

async function waitForReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the Vigil server exited with ${child.exitCode}:\n${output()}`);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the Vigil server did not become ready:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
