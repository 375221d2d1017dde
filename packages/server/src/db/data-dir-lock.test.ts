import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirBusyError } from './data-dir-lock';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('data directory lock', () => {
  it('refuses a second holder while a live process holds the directory', () => {
    const dir = tempDir();
    // The parent of this test process is alive for the whole test: let it "hold" the lock.
    fs.writeFileSync(path.join(dir, 'vigil.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirBusyError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by a running Vigil process/);
  });

  it('takes over a lock left by a process that has exited', () => {
    const dir = tempDir();
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    fs.writeFileSync(path.join(dir, 'vigil.lock'), child.stdout.toString());
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'vigil.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, 'vigil.lock'))).toBe(false);
  });
});
