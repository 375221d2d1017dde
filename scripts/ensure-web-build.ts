// npm start: build the web app only when its inputs changed since the last build (or nothing is built).
// npm run build: --force builds regardless. Either way a successful build leaves a stamp in dist.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { hashWebInputs, isBuildCurrent, removeStamp, writeStamp } from './web-build-stamp';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'packages/web/dist');
const isForced = process.argv.includes('--force');

const inputsHash = hashWebInputs(root);
if (!isForced && isBuildCurrent(distDir, inputsHash)) {
  console.log('Web app: up to date (packages/web/dist).');
  process.exit(0);
}
console.log(isForced ? 'Web app: building.' : 'Web app: sources changed or not built yet, building once.');
removeStamp(distDir);
const build = spawnSync('npm', ['run', '-s', 'build', '--workspace', '@vigil/web'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) {
  console.error('Web app: the build failed (see above).');
  process.exit(build.status ?? 1);
}
writeStamp(distDir, inputsHash);
