// npm run bench:startup: the compiled server (production, issue 26) against the sources under the tsx loader,
// started one after the other on the same migrated PGlite data, alternating, --rounds times each: the time from
// process start to /healthz answering, and the resident memory of the idle instance. The verdict: the compiled
// server's median start at most 1.0 × the loader's (the build must not make starting slower).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from './browser-bench';
import { percentile } from './ingest/stats';
import { currentCommit } from './measured-commit';
import { measureStart, type StartMode, type StartSample } from './startup/measure-start';

const ROOT = path.resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const rounds = arg('--rounds', 5);
const idleMs = arg('--idle-seconds', 5) * 1000;
if (!Number.isInteger(rounds) || rounds < 1 || !(idleMs >= 0)) {
  console.error('Usage: npm run bench:startup -- [--rounds 5] [--idle-seconds 5]');
  process.exit(2);
}

ensureBuilt(ROOT);

/** The median of samples that exist (every mode has `rounds` ≥ 1 of them). */
const median = (values: number[]) => percentile(values, 0.5) ?? Number.NaN;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-startup-'));
const samples: StartSample[] = [];
try {
  // An untimed first start migrates the empty database, so every timed start opens the same migrated data.
  await measureStart('compiled', ROOT, dataDir, 0);
  for (let round = 0; round < rounds; round++) {
    const order: StartMode[] = round % 2 === 0 ? ['compiled', 'loader'] : ['loader', 'compiled'];
    for (const mode of order) {
      const sample = await measureStart(mode, ROOT, dataDir, idleMs);
      samples.push(sample);
      console.log(
        `  round ${round + 1} ${mode.padEnd(8)} ready ${sample.readyMs.toFixed(0).padStart(6)} ms  idle RSS ${sample.idleRssMb.toFixed(1)} MB`,
      );
    }
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const of = (mode: StartMode) => samples.filter((sample) => sample.mode === mode);
const summary = (mode: StartMode) => ({
  readyMsMedian: median(of(mode).map((sample) => sample.readyMs)),
  readyMsMax: Math.max(...of(mode).map((sample) => sample.readyMs)),
  idleRssMbMedian: median(of(mode).map((sample) => sample.idleRssMb)),
});
const compiled = summary('compiled');
const loader = summary('loader');
const ratio = compiled.readyMsMedian / loader.readyMsMedian;
const pass = ratio <= 1.0;
console.log('');
console.log(
  `  ${'start'.padEnd(10)} ${'ready p50'.padStart(10)} ${'ready max'.padStart(10)} ${'idle RSS p50'.padStart(13)}`,
);
for (const [name, figures] of [
  ['compiled', compiled],
  ['loader', loader],
] as const) {
  console.log(
    `  ${name.padEnd(10)} ${`${figures.readyMsMedian.toFixed(0)} ms`.padStart(10)} ${`${figures.readyMsMax.toFixed(0)} ms`.padStart(10)} ${`${figures.idleRssMbMedian.toFixed(1)} MB`.padStart(13)}`,
  );
}
console.log(`\n  compiled / loader start: ${ratio.toFixed(2)} × (limit 1.00 ×): ${pass ? 'PASS' : 'FAIL'}`);

const resultsDir = path.join(ROOT, 'bench/results');
fs.mkdirSync(resultsDir, { recursive: true });
const file = path.join(
  resultsDir,
  `startup-${new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)}Z.json`,
);
fs.writeFileSync(
  file,
  `${JSON.stringify({ commit: currentCommit(), node: process.version, rounds, idleMs, compiled, loader, ratio, pass, samples }, null, 2)}\n`,
);
console.log(`  JSON: ${path.relative(ROOT, file)}`);
process.exit(pass ? 0 : 1);
