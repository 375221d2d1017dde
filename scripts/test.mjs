#!/usr/bin/env node
// npm test: lint, type-check, unit and API tests, web build, then the browser journeys.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const isCi = process.env.CI === 'true';
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Failed tests, repeated after the totals so the end of a long CI log names them. */
const failures = [];

/** Each phase's wall time, printed again at the end (npm test should stay under 20 minutes: docs/performance.md). */
const phases = [];

function run(title, command, args, env = {}) {
  process.stdout.write(`\n=== ${title} ===\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = Math.round((Date.now() - started) / 1000);
  phases.push(`${title}: ${seconds} s`);
  process.stdout.write(`=== ${title}: ${result.status === 0 ? 'done' : 'FAILED'} in ${seconds} s ===\n`);
  return result.status === 0;
}

function vitest(title, args, reportName) {
  const outputFile = path.join(reports, `${reportName}.json`);
  const ok = run(title, 'npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  ]);
  if (fs.existsSync(outputFile)) {
    const report = JSON.parse(fs.readFileSync(outputFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    failures.push(...failedTests(report));
  } else if (!ok) {
    totals.failed += 1;
    failures.push(`${title}: no report (the run itself failed)`);
  }
  return ok;
}

function failedTests(report) {
  const cwd = process.cwd();
  return report.testResults.flatMap((file) => {
    const where = path.relative(cwd, file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    if (tests.length === 0 && file.status === 'failed') {
      return [`${where}: ${firstLine(file.message)}`];
    }
    return tests.map((test) => `${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

function firstLine(text) {
  return (text ?? '').split('\n')[0].slice(0, 300);
}

function finish(ok) {
  if (failures.length > 0) {
    process.stdout.write(`\nfailed:\n${failures.map((line) => `  - ${line}`).join('\n')}\n`);
  }
  process.stdout.write(`\nphases:\n${phases.map((line) => `  - ${line}`).join('\n')}\n`);
  const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
  process.stdout.write(`\ntests: ${totals.passed} passed, ${totals.failed} failed${skipped}\n`);
  process.exit(ok ? 0 : 1);
}

let ok = run('lint and format (biome)', 'npx', ['biome', 'check', '.']);
// The server's layers and the folder loops (.dependency-cruiser.cjs, docs/architecture.md 'Layers').
ok = run('layers (dependency-cruiser)', 'npm', ['run', '-s', 'lint:layers']) && ok;
ok = run('type-check (tsc)', 'npm', ['run', '-s', 'typecheck']) && ok;
ok = vitest('unit and API tests (vitest)', [], 'unit') && ok;
// Builds the web app and the compiled server only when their inputs changed since the last build
// (scripts/ensure-build.ts); the journeys run the compiled server, as production does.
const ensureBuild = ['--import', 'tsx', 'scripts/ensure-build.ts'];
if (
  !run('web and server builds (vite, esbuild; when their sources changed)', process.execPath, ensureBuild)
) {
  finish(false);
}

if (!fs.existsSync(CHROMIUM)) {
  const line = `!!! E2E TESTS SKIPPED: no Chromium at ${CHROMIUM}. Install it with: apt-get install chromium !!!`;
  process.stdout.write(`\n${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}\n`);
  if (isCi) {
    process.stdout.write('CI=true: a missing browser is a failure.\n');
    finish(false);
  }
  finish(ok);
}
ok =
  vitest('browser journeys (playwright-core + chromium)', ['--config', 'e2e/vitest.config.ts'], 'e2e') && ok;
finish(ok);
