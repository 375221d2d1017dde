import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What `npm start` builds when its inputs changed (scripts/ensure-build.ts): the web app and the compiled server,
 * each with a stamp of its inputs' hash in its dist folder.
 */
export type BuildTarget = {
  name: string;
  /** Files and folders whose content goes into the build, relative to the repository root. */
  inputs: string[];
  distDir: string;
  /** The file that must exist for the build to count. */
  mainFile: string;
};

/** Everything that goes into the built web app, relative to the repository root. */
export const WEB_BUILD_INPUTS = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/package.json',
  'packages/web/tsconfig.json',
  'packages/web/vite.config.ts',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'tsconfig.base.json',
  // Installed library versions end up in the bundle too.
  'package-lock.json',
];

/** Everything that goes into the compiled server (scripts/build-server.ts). */
export const SERVER_BUILD_INPUTS = [
  'packages/server/src',
  'packages/server/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/simulator/src',
  'packages/simulator/package.json',
  'tsconfig.base.json',
  'package-lock.json',
  'scripts/build-server.ts',
];

export const WEB_BUILD: BuildTarget = {
  name: 'Web app',
  inputs: WEB_BUILD_INPUTS,
  distDir: 'packages/web/dist',
  mainFile: 'index.html',
};

export const SERVER_BUILD: BuildTarget = {
  name: 'Server',
  inputs: SERVER_BUILD_INPUTS,
  distDir: 'packages/server/dist',
  mainFile: 'main.js',
};

/** Written into the dist directory after a successful build; a dotfile, so the server does not serve it. */
export const STAMP_FILE = '.vigil-build-stamp';

// Tests never reach a build: editing one must not cost a rebuild.
const isTestFile = (name: string) => /\.test\.tsx?$/.test(name);

function listFiles(absolute: string): string[] {
  if (!fs.existsSync(absolute)) {
    return [];
  }
  if (!fs.statSync(absolute).isDirectory()) {
    return [absolute];
  }
  return fs
    .readdirSync(absolute, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !isTestFile(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** One hash over the paths and contents of a build's inputs, stable across machines. */
export function hashInputs(root: string, inputs: string[]): string {
  const hash = createHash('sha256');
  const files = inputs.flatMap((input) => listFiles(path.join(root, input)));
  const relative = files.map((file) => path.relative(root, file).split(path.sep).join('/')).sort();
  for (const file of relative) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The hash the last successful build recorded, or null when there is no build or no stamp. */
export function readStamp(distDir: string, mainFile: string): string | null {
  const stampFile = path.join(distDir, STAMP_FILE);
  if (!fs.existsSync(path.join(distDir, mainFile)) || !fs.existsSync(stampFile)) {
    return null;
  }
  return fs.readFileSync(stampFile, 'utf8').trim();
}

export function writeStamp(distDir: string, inputsHash: string): void {
  fs.writeFileSync(path.join(distDir, STAMP_FILE), `${inputsHash}\n`);
}

export function removeStamp(distDir: string): void {
  fs.rmSync(path.join(distDir, STAMP_FILE), { force: true });
}

/** True when dist holds a build of exactly these inputs. */
export function isBuildCurrent(distDir: string, inputsHash: string, mainFile: string): boolean {
  return readStamp(distDir, mainFile) === inputsHash;
}
