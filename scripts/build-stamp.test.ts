import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashInputs, isBuildCurrent, writeStamp } from './build-stamp';

const INPUTS = ['web/src', 'web/package.json', 'contracts/src'];
let root: string;
let distDir: string;

function write(relative: string, content: string): void {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

function buildDist(): void {
  write('web/dist/index.html', '<!doctype html>');
  writeStamp(distDir, hashInputs(root, INPUTS));
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-stamp-'));
  distDir = path.join(root, 'web/dist');
  write('web/src/main.tsx', 'render();');
  write('web/src/pages/LandingPage.tsx', 'export const Landing = 1;');
  write('web/package.json', '{"name":"@vigil/web"}');
  write('contracts/src/sites.ts', 'export const SITE = 1;');
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the web build stamp', () => {
  it('asks for a build from a clean clone (no dist)', () => {
    expect(isBuildCurrent(distDir, hashInputs(root, INPUTS), 'index.html')).toBe(false);
  });

  it('asks for a build when dist has files but no stamp (a build that failed half-way)', () => {
    write('web/dist/index.html', '<!doctype html>');
    expect(isBuildCurrent(distDir, hashInputs(root, INPUTS), 'index.html')).toBe(false);
  });

  it('skips the build when nothing changed since the stamped build', () => {
    buildDist();
    expect(isBuildCurrent(distDir, hashInputs(root, INPUTS), 'index.html')).toBe(true);
  });

  it('asks for a build after a web source, a contract or the package file changed', () => {
    const changes: [string, string][] = [
      ['web/src/pages/LandingPage.tsx', 'export const Landing = 2;'],
      ['contracts/src/sites.ts', 'export const SITE = 2;'],
      ['web/package.json', '{"name":"@vigil/web","version":"2"}'],
    ];
    for (const [file, content] of changes) {
      buildDist();
      write(file, content);
      expect(isBuildCurrent(distDir, hashInputs(root, INPUTS), 'index.html'), file).toBe(false);
    }
  });

  it('asks for a build after a source file was added or renamed', () => {
    buildDist();
    write('web/src/pages/NewPage.tsx', '');
    expect(isBuildCurrent(distDir, hashInputs(root, INPUTS), 'index.html')).toBe(false);

    buildDist();
    fs.renameSync(path.join(root, 'web/src/pages/NewPage.tsx'), path.join(root, 'web/src/pages/Other.tsx'));
    expect(isBuildCurrent(distDir, hashInputs(root, INPUTS), 'index.html')).toBe(false);
  });

  it('ignores test files, which never reach the bundle', () => {
    buildDist();
    write('web/src/pages/landing.test.ts', 'it();');
    expect(isBuildCurrent(distDir, hashInputs(root, INPUTS), 'index.html')).toBe(true);
  });
});
