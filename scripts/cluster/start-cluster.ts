import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { nginxConfig } from './nginx-config';

/**
 * N compiled Vigil instances and nginx in front of them, on free ports, against shared PostgreSQL, Redis and an
 * MQTT broker (docs/operations.md 'Several instances behind nginx'). Used by `npm run cluster` and by the tests of
 * the production recipe, which restart instances one by one.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_MAIN = path.join(ROOT, 'packages/server/dist/main.js');
const CLI_MAIN = path.join(ROOT, 'packages/server/dist/cli.js');
// A ceiling for a busy machine, not an expected duration: the wait ends when the instance answers.
const READY_CEILING_MS = 5 * 60_000;

export type ClusterServices = { databaseUrl: string; redisUrl: string; mqttUrl: string };

export type ClusterOptions = ClusterServices & {
  instances: number;
  /** nginx's port; a free one when absent. */
  port?: number;
  /** The first instance seeds the demo and runs its simulator (publishing to the shared broker). */
  demo: boolean;
  /** Extra environment of every instance (e.g. SMTP_URL, short timers for tests). */
  env?: Record<string, string>;
  /** Where each instance's and nginx's output goes; silent when absent. */
  log?: (source: string, text: string) => void;
};

export type ClusterInstance = {
  name: string;
  port: number;
  process: () => ChildProcess;
  /** SIGTERM, wait for the exit (the drain), start again on the same port and wait until ready. */
  restart: () => Promise<void>;
};

export type Cluster = { url: string; instances: ClusterInstance[]; stop: () => Promise<void> };

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function hasNginx(): boolean {
  return spawnSync('nginx', ['-v']).status === 0;
}

async function waitForReady(url: string, child: ChildProcess, name: string): Promise<void> {
  const deadline = Date.now() + READY_CEILING_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${name} exited (${child.exitCode}) before it was ready`);
    }
    const ok = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} was not ready after ${READY_CEILING_MS / 1000} s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function pipe(child: ChildProcess, source: string, log: ClusterOptions['log']): void {
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => log?.(source, chunk.toString()));
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!fs.existsSync(SERVER_MAIN)) {
    throw new Error('The server is not built: run npm run build');
  }
  const migrate = spawnSync(process.execPath, [CLI_MAIN, 'migrate'], {
    env: { ...process.env, DATABASE_URL: options.databaseUrl },
    encoding: 'utf8',
  });
  if (migrate.status !== 0) {
    throw new Error(`migrate failed: ${migrate.stderr}${migrate.stdout}`);
  }
  const proxyPort = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${proxyPort}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-cluster-'));
  // One secret for every instance: a session signed by one is valid on the others.
  const shared = {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    MQTT_URL: options.mqttUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: `${url}/`,
    LOG_LEVEL: 'warn',
    ...options.env,
  };

  const instances: ClusterInstance[] = [];
  for (let index = 0; index < options.instances; index++) {
    const name = `vigil-${index + 1}`;
    const port = await freePort();
    const env = {
      ...process.env,
      ...shared,
      PORT: String(port),
      DATA_DIR: path.join(dataDir, name),
      DEMO: options.demo && index === 0 ? '1' : '0',
      DEMO_CONTROL_PORT: String(await freePort()),
    };
    let child: ChildProcess;
    const start = async () => {
      child = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], { env });
      pipe(child, name, options.log);
      // The first instance seeds the demo before the next one starts.
      await waitForReady(`http://127.0.0.1:${port}`, child, name);
    };
    await start();
    instances.push({
      name,
      port,
      process: () => child,
      restart: async () => {
        await stopChild(child);
        await start();
      },
    });
  }

  const prefix = path.join(dataDir, 'nginx');
  fs.mkdirSync(prefix, { recursive: true });
  const configFile = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    configFile,
    nginxConfig({ listenPort: proxyPort, instances: instances.map((i) => `127.0.0.1:${i.port}`), prefix }),
  );
  const nginx = spawn('nginx', ['-c', configFile, '-p', prefix]);
  pipe(nginx, 'nginx', options.log);
  await waitForReady(url, nginx, 'nginx');

  return {
    url,
    instances,
    stop: async () => {
      await stopChild(nginx);
      await Promise.all(instances.map((instance) => stopChild(instance.process())));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
