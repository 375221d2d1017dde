import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (packages/server), found from this module's own place whether it runs from its
 * TypeScript source (`src/`, under tsx in development and tests) or from the compiled build (`dist/`, production;
 * docs/operations.md 'The build'). Files the server reads at run time (migrations, assets, the web build) are
 * named from here, never from a module's own folder, which differs between the two.
 */
export const SERVER_PACKAGE_ROOT = findPackageRoot(import.meta.dirname);

/** A path inside the server package, e.g. `serverPath('drizzle')`. */
export function serverPath(...parts: string[]): string {
  return path.join(SERVER_PACKAGE_ROOT, ...parts);
}

function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@vigil/server') {
      return dir;
    }
    if (path.dirname(dir) === dir) {
      throw new Error(`No @vigil/server package.json above ${from}`);
    }
  }
}
