import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'vigil.lock';

/** Another live process (a running server) holds the embedded database. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The data directory ${dataDir} is in use by a running Vigil process (pid ${pid}); stop it first.`);
    this.name = 'DataDirBusyError';
  }
}

export type DataDirLock = { release(): void };

/**
 * PGlite allows one process per data directory, and two would corrupt it: take an exclusive
 * lock file holding our pid; a lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return { release: () => releaseLock(file) };
    } catch (error) {
      if (!isAlreadyExists(error)) {
        throw error;
      }
      const holder = readHolderPid(file);
      if (holder !== undefined && holder !== process.pid && isProcessAlive(holder)) {
        throw new DataDirBusyError(dataDir, holder);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function releaseLock(file: string): void {
  if (readHolderPid(file) === process.pid) {
    fs.rmSync(file, { force: true });
  }
}

function readHolderPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isAlreadyExists(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'EEXIST';
}
