// npm start: build the web app and the compiled server only when their inputs changed since their last build (or
// nothing is built). npm run build: --force builds both regardless. A successful build leaves a stamp in its dist.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildServer } from './build-server';
import {
  type BuildTarget,
  hashInputs,
  isBuildCurrent,
  removeStamp,
  SERVER_BUILD,
  WEB_BUILD,
  writeStamp,
} from './build-stamp';

const root = path.resolve(import.meta.dirname, '..');
const isForced = process.argv.includes('--force');

async function ensure(target: BuildTarget, run: () => Promise<boolean>): Promise<void> {
  const distDir = path.join(root, target.distDir);
  const inputsHash = hashInputs(root, target.inputs);
  if (!isForced && isBuildCurrent(distDir, inputsHash, target.mainFile)) {
    console.log(`${target.name}: up to date (${target.distDir}).`);
    return;
  }
  console.log(
    isForced
      ? `${target.name}: building.`
      : `${target.name}: sources changed or not built yet, building once.`,
  );
  removeStamp(distDir);
  if (!(await run())) {
    console.error(`${target.name}: the build failed (see above).`);
    process.exit(1);
  }
  writeStamp(distDir, inputsHash);
}

await ensure(WEB_BUILD, async () => {
  const build = spawnSync('npm', ['run', '-s', 'build', '--workspace', '@vigil/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  return build.status === 0;
});
await ensure(SERVER_BUILD, async () => {
  try {
    await buildServer(path.join(root, SERVER_BUILD.distDir));
    return true;
  } catch (error) {
    console.error(error);
    return false;
  }
});
