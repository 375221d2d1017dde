import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { connectAsync } from 'mqtt';
import { freePort } from '../../e2e/fixtures/free-port';
import { ServiceUnreachableError } from '../ingest/bench-database';
import type { Cleanup } from '../ingest/run-bench';

const CHECK_TIMEOUT_MS = 3000;
const BROKER_READY_CEILING_MS = 15_000;

/** Answers PING or throws a ServiceUnreachableError naming the URL and how to start Redis. */
export async function checkRedis(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CHECK_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new ServiceUnreachableError(
      `Redis is not reachable at ${url} (${error instanceof Error ? error.message : String(error)}). ` +
        'bench:scale needs it for the live fan-out between instances: start it (service redis-server start) or pass --redis-url.',
    );
  } finally {
    redis.disconnect();
  }
}

/** Connects and disconnects with MQTT 5, or throws a ServiceUnreachableError. */
export async function checkBroker(url: string): Promise<void> {
  try {
    const client = await connectAsync(url, {
      protocolVersion: 5,
      connectTimeout: CHECK_TIMEOUT_MS,
      reconnectPeriod: 0,
    });
    await client.endAsync();
  } catch (error) {
    throw new ServiceUnreachableError(
      `The MQTT broker is not reachable at ${url} (${error instanceof Error ? error.message : String(error)}). ` +
        'Start Mosquitto (service mosquitto start) or pass another --mqtt-url.',
    );
  }
}

export type PrivateBroker = { url: string; pid: number; stop(): Promise<void> };

/**
 * A Mosquitto of its own for the run (the machine's package, its defaults but no persistence), on a free
 * port: the bench's devices publish on devices/+/state, which every Vigil consumer on a shared broker
 * would also receive (docs/decisions.md 2026-11-28, issue 26).
 */
export async function startPrivateBroker(): Promise<PrivateBroker> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vigil-scale-mosquitto-'));
  const config = path.join(dir, 'mosquitto.conf');
  await writeFile(config, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  let child: ChildProcess;
  try {
    child = await new Promise<ChildProcess>((resolve, reject) => {
      const started = spawn('mosquitto', ['-c', config], { stdio: 'ignore' });
      started.once('error', reject);
      started.once('spawn', () => resolve(started));
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw new ServiceUnreachableError(
      `Mosquitto could not be started (${error instanceof Error ? error.message : String(error)}). ` +
        "Install Debian's mosquitto package, or pass --mqtt-url to use a running broker.",
    );
  }
  const url = `mqtt://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + BROKER_READY_CEILING_MS;
  for (;;) {
    try {
      await checkBroker(url);
      return { url, pid: child.pid ?? 0, stop };
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) {
        await stop();
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** 'mosquitto version 2.0.11' (mosquitto -h prints it first, and exits 3). */
function mosquittoVersion(): string {
  const help = spawnSync('mosquitto', ['-h'], { encoding: 'utf8' });
  return /mosquitto version \S+/.exec(`${help.stdout ?? ''}`)?.[0] ?? 'mosquitto';
}

export type RunBroker = { url: string; pid: number | null; label: string };

/** The broker given (checked), or a private Mosquitto stopped by `cleanup`. */
export async function openBroker(givenUrl: string | null, cleanup: Cleanup): Promise<RunBroker> {
  if (givenUrl !== null) {
    await checkBroker(givenUrl);
    return {
      url: givenUrl,
      pid: null,
      label: `the broker at ${givenUrl} (${mosquittoVersion()} installed here)`,
    };
  }
  const broker = await startPrivateBroker();
  cleanup.add(() => broker.stop());
  return { url: broker.url, pid: broker.pid, label: `${mosquittoVersion()} (private, ${broker.url})` };
}
