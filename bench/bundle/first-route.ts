import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Gzipped JS + CSS a visitor's browser must fetch before the first route renders (issue 8). */
export const FIRST_ROUTE_LIMIT_BYTES = 250_000;

export type AssetSize = { file: string; bytes: number; gzipBytes: number; brotliBytes: number };

const ATTRIBUTE_URL = /<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+\.(?:js|css))"[^>]*>/g;
// `import{a as b}from"./x.js"` and `import"./x.css"`, never `import("./x.js")` (that one loads later).
const STATIC_IMPORT = /\bimport\s*(?:[^"'();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g;

/** The entry script, its modulepreload links and stylesheets: what index.html makes the browser fetch. */
export function findEntryAssets(html: string): string[] {
  return [...html.matchAll(ATTRIBUTE_URL)]
    .map((match) => match[1] ?? '')
    .filter((url) => url.startsWith('/'));
}

/** Relative specifiers of a built module's static imports. */
export function findStaticImports(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((match) => match[1] ?? '');
}

/** Every file (relative to dist) the first route needs: index.html's assets and their static imports. */
export function collectFirstRoute(distDir: string): string[] {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const pending = findEntryAssets(html).map((url) => url.slice(1));
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) {
      continue;
    }
    seen.add(file);
    if (file.endsWith('.js')) {
      const code = fs.readFileSync(path.join(distDir, file), 'utf8');
      for (const specifier of findStaticImports(code)) {
        pending.push(path.posix.join(path.posix.dirname(file), specifier));
      }
    }
  }
  return [...seen].sort();
}

export function measureAsset(distDir: string, file: string): AssetSize {
  const content = fs.readFileSync(path.join(distDir, file));
  return {
    file,
    bytes: content.length,
    gzipBytes: zlib.gzipSync(content, { level: 9 }).length,
    brotliBytes: zlib.brotliCompressSync(content).length,
  };
}

/** Every JS and CSS file of the build, biggest (gzipped) first. */
export function listAllAssets(distDir: string): AssetSize[] {
  return fs
    .readdirSync(path.join(distDir, 'assets'))
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => measureAsset(distDir, `assets/${name}`))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}
