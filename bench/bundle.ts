// npm run bench:bundle: builds the web app if its sources changed, then prints the gzipped JS + CSS of the
// first route a visitor opens (/) against the 250 kB limit, and the biggest chunks of the whole build.
// --no-build measures packages/web/dist as it is.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  type AssetSize,
  collectFirstRoute,
  FIRST_ROUTE_LIMIT_BYTES,
  listAllAssets,
  measureAsset,
} from './bundle/first-route';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'packages/web/dist');
const BIGGEST_SHOWN = 10;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const row = (asset: AssetSize) =>
  `  ${asset.file.padEnd(48)} ${kB(asset.bytes).padStart(10)} ${kB(asset.gzipBytes).padStart(10)} ${kB(asset.brotliBytes).padStart(10)}`;
const header = `  ${'file'.padEnd(48)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`;
const sum = (assets: AssetSize[], key: keyof Omit<AssetSize, 'file'>) =>
  assets.reduce((total, asset) => total + asset[key], 0);

if (!process.argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-build.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    process.exit(build.status ?? 1);
  }
}
if (!fs.existsSync(path.join(DIST, 'index.html'))) {
  console.error('No build in packages/web/dist: run without --no-build.');
  process.exit(2);
}

const firstRoute = collectFirstRoute(DIST).map((file) => measureAsset(DIST, file));
const all = listAllAssets(DIST);
const gzipTotal = sum(firstRoute, 'gzipBytes');
const ratio = gzipTotal / FIRST_ROUTE_LIMIT_BYTES;

console.log(`\nFirst route (/ for a visitor): ${firstRoute.length} files\n${header}`);
for (const asset of [...firstRoute].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
  console.log(row(asset));
}
console.log(
  `  ${'total'.padEnd(48)} ${kB(sum(firstRoute, 'bytes')).padStart(10)} ${kB(gzipTotal).padStart(10)} ${kB(sum(firstRoute, 'brotliBytes')).padStart(10)}`,
);
console.log(
  `\nGzipped first route: ${kB(gzipTotal)} of ${kB(FIRST_ROUTE_LIMIT_BYTES)} = ${ratio.toFixed(2)} of the limit: ${ratio <= 1 ? 'PASS' : 'FAIL'}`,
);
console.log(`\nBiggest of all ${all.length} JS and CSS files (gzip order)\n${header}`);
for (const asset of all.slice(0, BIGGEST_SHOWN)) {
  console.log(row(asset));
}
console.log(
  `  ${'all files'.padEnd(48)} ${kB(sum(all, 'bytes')).padStart(10)} ${kB(sum(all, 'gzipBytes')).padStart(10)}`,
);

const resultsDir = path.join(ROOT, 'bench/results');
const resultFile = path.join(
  resultsDir,
  `bundle-${new Date().toISOString().replace(/:/g, '-').slice(0, 19)}Z.json`,
);
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(
  resultFile,
  `${JSON.stringify({ limitBytes: FIRST_ROUTE_LIMIT_BYTES, gzipTotal, ratio, firstRoute, biggest: all.slice(0, BIGGEST_SHOWN) }, null, 2)}\n`,
);
console.log(`\nSaved ${path.relative(ROOT, resultFile)}`);
process.exit(ratio <= 1 ? 0 : 1);
