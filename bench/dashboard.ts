// npm run bench:dashboard: a device of 500 sensors updating at 1 Hz, shown on the live dashboard in the real
// browser (Debian Chromium through playwright-core), against three pages of the same origin on the same feed in
// the same run: the dashboard's feed worker with nothing drawn, a page parsing each frame itself, and the feed
// worker drawing as many plain cards as the dashboard had readings in view (the floor of drawing them). Prints
// the main-thread time per update (p50/p95, rendering included) and the dropped frames, then raises
// the sensor count (1000; a tree of 2,000 is over the 256 KB message limit) to find the most the dashboard holds.
// Target (issue 24): at 500 and at 1,000 sensors, the dashboard's p50 and p95 per update at most 1.3 × those of
// the plain cards in the same run (bench/dashboard/verdict.ts). Flags: --seconds T (60), --steps 500,1000,2000,
// --trace FILE (Chrome traces and JS CPU profiles of the first step's dashboard window, and of its plain cards' in FILE-plain-cards.json,
// and where their main-thread time went), --css TEXT (extra CSS on the dashboard: an experiment, not a verdict).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DeviceIdentity, startSimulator } from '@vigil/simulator';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/fixtures/chromium';
import { prepareBrowserBench } from './browser-bench';
import { measure } from './dashboard/measure';
import { feedWorkerPath, parsingPage, signedInPage, workerFeedPage } from './dashboard/pages';
import { checkReadingsChange, type ReadingsCheck } from './dashboard/readings';
import { judge, LIMIT_RATIO, type StepRatio, stepRatio, TARGET_STEPS } from './dashboard/verdict';
import { costAbove, type UpdateSummary } from './dashboard/windows';
import { provisionDevices, provisionUnits } from './ingest/provision';
import { startVigilServer } from './ingest/vigil-process';
import { currentCommit } from './measured-commit';

const ROOT = path.resolve(import.meta.dirname, '..');
const SUPERUSER = { email: 'bench@vigil.test', password: 'Harbour-Lantern-58' };
const DEVICE: DeviceIdentity = {
  serialNumber: 'BENCH-DASH-1',
  code: 'bench-dash',
  deviceType: 'F500',
  udfId: 'BD000001',
};
/** The server refuses device messages over 256 KB (docs/telemetry.md): about 1,150 sensors of this shape. */
const MESSAGE_LIMIT_BYTES = 256 * 1024;
const RESULTS_DIR = path.join(ROOT, 'bench/results');

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const seconds = Number(option('seconds', '60'));
const steps = option('steps', '500,1000').split(',').map(Number);
const traceFile = option('trace', '');
/** Extra CSS for the dashboard page, for an experiment before changing the app (not a verdict of the app). */
const extraCss = option('css', '');
if (!(seconds > 0) || steps.some((count) => !Number.isInteger(count) || count < 8 || count > 2000)) {
  console.error(
    'Usage: npm run bench:dashboard -- [--seconds T>0] [--steps N,N,... each 8..2000] [--trace FILE] [--css TEXT]',
  );
  process.exit(2);
}

const ms = (value: number | null) => (value === null ? '   n/a' : `${value.toFixed(2).padStart(6)}`);
const line = (label: string, s: UpdateSummary) =>
  `  ${label.padEnd(30)} ${ms(s.p50Ms)} ${ms(s.p95Ms)} ${ms(s.meanMs)} ${ms(s.cpuP50Ms)} ${ms(s.cpuP95Ms)} ${ms(s.listenerP50Ms)} ${ms(s.listenerP95Ms)} ${String(s.droppedFrames).padStart(8)} / ${s.frames} ${String(s.updates).padStart(8)}`;

const times = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)} ×`);

function printStep(
  sensors: number,
  dashboard: UpdateSummary,
  workerFeed: UpdateSummary,
  empty: UpdateSummary,
  plainCards: UpdateSummary,
): void {
  console.log(line(`dashboard, ${sensors} sensors`, dashboard));
  console.log(line('feed worker, nothing drawn', workerFeed));
  console.log(line('page parsing the same feed', empty));
  console.log(line('feed worker, plain cards drawn', plainCards));
}

function printRatio(ratio: StepRatio): void {
  console.log(
    `  ${ratio.sensors} sensors: dashboard ÷ plain cards p50 ${times(ratio.p50)}, p95 ${times(ratio.p95)} (limit ${LIMIT_RATIO} ×): ${ratio.holds ? 'holds' : 'over'}`,
  );
}

async function main(): Promise<void> {
  prepareBrowserBench(ROOT);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-dashboard-'));
  const env = { databaseUrl: null, dataDir };
  await provisionUnits(env, [DEVICE]);
  const server = await startVigilServer(env);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results: Array<{
    sensors: number;
    dashboard: UpdateSummary;
    workerFeed: UpdateSummary;
    empty: UpdateSummary;
    plainCards: UpdateSummary;
    readings: ReadingsCheck;
    ratio: StepRatio;
  }> = [];
  const workerPath = feedWorkerPath(path.join(ROOT, 'packages/web/dist'));
  try {
    const token = await provisionDevices(server.baseUrl, [DEVICE]);
    const devices = (await (
      await fetch(`${server.baseUrl}/api/v1/devices/all/?limit=10`, {
        headers: { Authorization: `JWT ${token}` },
      })
    ).json()) as { results: Array<{ id: number; udf_id: string }> };
    const deviceId = devices.results.find((device) => device.udf_id === DEVICE.udfId)?.id;
    const select = await fetch(`${server.baseUrl}/api/v1/devices/${deviceId}/select/`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token}` },
    });
    if (!select.ok) {
      throw new Error(`devices/${deviceId}/select/ answered ${select.status}`);
    }
    console.log(
      `\nDashboard bench: ${seconds} s per step, steps ${steps.join(', ')} sensors, 1 tree a second.`,
    );
    for (const sensors of steps) {
      const simulator = await startSimulator({
        devices: [DEVICE],
        transport: { kind: 'mqtt', brokerUrl: server.brokerUrl },
        rate: 1,
        sensorCount: sensors,
        scenarioChance: 0,
      });
      try {
        const treeBytes = Buffer.byteLength(
          simulator.getDevice(DEVICE.udfId)?.serialiseStateTree(new Date()) ?? '',
        );
        if (treeBytes > MESSAGE_LIMIT_BYTES) {
          console.log(
            `  ${sensors} sensors: skipped, a tree is ${Math.round(treeBytes / 1024)} KB, over the 256 KB message limit the server refuses`,
          );
          continue;
        }
        await simulator.ready();
        const page = await signedInPage(browser, server.baseUrl, SUPERUSER);
        await page.goto('/dashboard');
        if (extraCss !== '') {
          await page.addStyleTag({ content: extraCss });
          console.log(`  dashboard with extra CSS (an experiment): ${extraCss}`);
        }
        const isTraced = traceFile !== '' && results.length === 0;
        const dashboard = await measure(page, {
          seconds,
          resultsDir: RESULTS_DIR,
          traceFile: isTraced ? traceFile : null,
        });
        const lastName = simulator.getDevice(DEVICE.udfId)?.stateTree(new Date()).groups.at(-1)?.Name ?? '';
        if (lastName !== '' && !(await page.getByText(lastName, { exact: false }).first().isVisible())) {
          throw new Error(`the dashboard does not show the group '${lastName}': is the device selected?`);
        }
        const readings = await checkReadingsChange(page);
        console.log(`  readings in view: ${readings.changed} of ${readings.inView} changed in 3 s`);
        await page.context().close();
        const feedOnly = await workerFeedPage(browser, server.baseUrl, workerPath, DEVICE.udfId, token);
        const workerFeed = await measure(feedOnly, { seconds, resultsDir: RESULTS_DIR });
        await feedOnly.context().close();
        const parsing = await parsingPage(browser, server.baseUrl, DEVICE.udfId, token);
        const empty = await measure(parsing, { seconds, resultsDir: RESULTS_DIR });
        await parsing.context().close();
        const plain = await workerFeedPage(
          browser,
          server.baseUrl,
          workerPath,
          DEVICE.udfId,
          token,
          readings.inView,
        );
        const plainCards = await measure(plain, {
          seconds,
          resultsDir: RESULTS_DIR,
          traceFile: isTraced ? traceFile.replace(/(\.json)?$/, '-plain-cards.json') : null,
        });
        await plain.context().close();
        const ratio = stepRatio(sensors, dashboard, plainCards);
        results.push({ sensors, dashboard, workerFeed, empty, plainCards, readings, ratio });
        printStep(sensors, dashboard, workerFeed, empty, plainCards);
        printRatio(ratio);
      } finally {
        await simulator.stop();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\n  ${'page'.padEnd(30)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'mean'.padStart(6)} ${'cpu50'.padStart(6)} ${'cpu95'.padStart(6)} ${'lst50'.padStart(6)} ${'lst95'.padStart(6)} ${'dropped frames'.padStart(17)} ${'updates'.padStart(8)}  (ms per update)`,
  );
  for (const { sensors, dashboard, workerFeed, empty, plainCards } of results) {
    printStep(sensors, dashboard, workerFeed, empty, plainCards);
  }
  console.log('');
  for (const { ratio } of results) {
    printRatio(ratio);
  }
  const verdict = judge(results.map((result) => result.ratio));
  const holding = results.filter((result) => result.ratio.holds).map((result) => result.sensors);
  console.log(
    `\nTarget: at ${TARGET_STEPS.join(' and ')} sensors, p50 and p95 per update at most ${LIMIT_RATIO} × the plain cards of the same run${verdict.missing.length > 0 ? ` (not measured: ${verdict.missing.join(', ')})` : ''}: ${verdict.isPass ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `Capacity: the most sensors measured within ${LIMIT_RATIO} ×: ${holding.length === 0 ? 'none of the steps' : Math.max(...holding)}${holding.includes(Math.max(...steps)) ? ' (the largest step measured)' : ''}`,
  );
  for (const { sensors, dashboard, workerFeed } of results) {
    const net = costAbove(dashboard, workerFeed);
    console.log(
      `(Information: at ${sensors} sensors the dashboard above its own feed worker with nothing drawn, same run: p50 ${net.p50Ms ?? 'n/a'} ms, p95 ${net.p95Ms ?? 'n/a'} ms.)`,
    );
  }
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(
    RESULTS_DIR,
    `dashboard-${new Date().toISOString().replace(/:/g, '-').slice(0, 19)}Z.json`,
  );
  const summary = {
    commit: currentCommit(),
    seconds,
    ...(extraCss === '' ? {} : { experimentCss: extraCss }),
    limitRatio: LIMIT_RATIO,
    verdict: verdict.isPass ? 'PASS' : 'FAIL',
    ratios: verdict.steps,
    missing: verdict.missing,
    results: results.map(({ ratio: _ratio, ...result }) => result),
  };
  fs.writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`Saved ${path.relative(ROOT, file)}`);
  process.exit(verdict.isPass ? 0 : 1);
}

await main();
