import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** How a start is made: the compiled build (production), or the sources under the tsx loader (before issue 26). */
export type StartMode = 'compiled' | 'loader';

export const START_ARGS: Record<StartMode, string[]> = {
  compiled: ['--enable-source-maps', 'packages/server/dist/main.js'],
  loader: ['--import', 'tsx', 'packages/server/src/main.ts'],
};

export type StartSample = { mode: StartMode; readyMs: number; idleRssMb: number };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resident memory of a process in MB (Linux /proc). */
export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/**
 * Starts the server once on `dataDir` (already migrated, no demo), times process start to the first 200 of
 * /healthz, lets it idle for `idleMs`, reads its resident memory, and stops it with SIGTERM.
 */
export async function measureStart(
  mode: StartMode,
  root: string,
  dataDir: string,
  idleMs: number,
): Promise<StartSample> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, START_ARGS[mode], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(await freePort()),
      MQTT_URL: '',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  try {
    let readyMs = Number.NaN;
    while (Number.isNaN(readyMs)) {
      if (child.exitCode !== null) {
        throw new Error(`the ${mode} server exited (${child.exitCode}): ${errors}`);
      }
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) {
        readyMs = performance.now() - started;
      } else {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    return { mode, readyMs, idleRssMb: residentMb(child.pid ?? 0) };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
