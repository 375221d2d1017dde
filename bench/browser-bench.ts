// What the browser benches (bench:dashboard, bench:visual) and bench:startup do before measuring: build what is out
// of date, as `npm start` does, and for the browser benches check that Chromium is there.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM_PATH } from '../e2e/fixtures/chromium';

/** Builds what is out of date (scripts/ensure-build.ts); exits with its code when the build fails. */
export function ensureBuilt(root: string): void {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-build.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    process.exit(build.status ?? 1);
  }
}

/** Exits 2 when there is no Chromium, then builds what is out of date. */
export function prepareBrowserBench(root: string): void {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    console.error(`No Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH).`);
    process.exit(2);
  }
  ensureBuilt(root);
}
