// npm run bench:visual (issue 25): a visual-dashboard tab whose machines hold 600 bound sensors of a device
// publishing at 1 Hz, shown in the live view in the real browser (Debian Chromium through playwright-core, signed
// in, 1440 × 900), against a floor of the same origin in the same run: the same machines drawn as plain SVG, fed by
// the same socket, changing the same fills and values (bench/visual/floor-page.ts). Prints the main-thread time per
// update (p50/p95) and the dropped frames of both, measured as bench:dashboard measures them
// (bench/dashboard/measure.ts). Target: p95 at most 1.3 × the floor's, and no more dropped frames than the floor
// (exit 1 otherwise). Flags: --seconds T (30), --sensors N (600), --machines M (60, at least), --trace FILE.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listSensors, machineRunState } from '@vigil/contracts';
import { type DeviceIdentity, startSimulator } from '@vigil/simulator';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/fixtures/chromium';
import { prepareBrowserBench } from './browser-bench';
import { measure } from './dashboard/measure';
import { signedInPage } from './dashboard/pages';
import { checkReadingsChange } from './dashboard/readings';
import { judgeAgainstFloor, LIMIT_RATIO } from './dashboard/verdict';
import type { UpdateSummary } from './dashboard/windows';
import { provisionDevices, provisionUnits } from './ingest/provision';
import { startVigilServer } from './ingest/vigil-process';
import { currentCommit } from './measured-commit';
import { plainSvgPage } from './visual/floor-page';
import { createVisualTab } from './visual/tab';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS_DIR = path.join(ROOT, 'bench/results');
const SUPERUSER = { email: 'bench@vigil.test', password: 'Harbour-Lantern-58' };
const DEVICE: DeviceIdentity = {
  serialNumber: 'BENCH-VIS-1',
  code: 'bench-vis',
  deviceType: 'F500',
  udfId: 'BV000001',
};
/** The F500 tree's system group (7 sensors, one of them the running state) comes on top of the bound sensors. */
const SYSTEM_SENSORS = 7;

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const seconds = Number(option('seconds', '30'));
const sensors = Number(option('sensors', '600'));
const minMachines = Number(option('machines', '60'));
const traceFile = option('trace', '');
if (!(seconds > 0) || !Number.isInteger(sensors) || sensors < 1 || sensors > 1000 || !(minMachines >= 1)) {
  console.error(
    'Usage: npm run bench:visual -- [--seconds T>0] [--sensors 1..1000] [--machines M] [--trace FILE]',
  );
  process.exit(2);
}

const ms = (value: number | null) => (value === null ? '   n/a' : value.toFixed(2).padStart(6));
const line = (label: string, s: UpdateSummary) =>
  `  ${label.padEnd(34)} ${ms(s.p50Ms)} ${ms(s.p95Ms)} ${ms(s.meanMs)} ${ms(s.cpuP50Ms)} ${ms(s.cpuP95Ms)} ${ms(s.listenerP50Ms)} ${ms(s.listenerP95Ms)} ${String(s.droppedFrames).padStart(8)} / ${s.frames} ${String(s.updates).padStart(8)}`;

async function main(): Promise<void> {
  prepareBrowserBench(ROOT);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-visual-'));
  const env = { databaseUrl: null, dataDir };
  await provisionUnits(env, [DEVICE]);
  const server = await startVigilServer(env);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let simulator: Awaited<ReturnType<typeof startSimulator>> | null = null;
  try {
    const token = await provisionDevices(server.baseUrl, [DEVICE]);
    // After the device exists, as bench:dashboard does: the simulator's first connection is then admitted.
    simulator = await startSimulator({
      devices: [DEVICE],
      transport: { kind: 'mqtt', brokerUrl: server.brokerUrl },
      rate: 1,
      sensorCount: sensors + SYSTEM_SENSORS,
      scenarioChance: 0,
    });
    await simulator.ready();
    console.log('  device publishing; creating the tab');
    const entries = listSensors(simulator.getDevice(DEVICE.udfId)?.stateTree(new Date()) ?? never());
    const system = entries.filter((entry) => entry.fullId.startsWith(`${DEVICE.udfId}.system.`));
    const stateSensor = system.find((entry) => machineRunState(entry.sensor) !== null)?.fullId;
    const bound = entries.filter((entry) => !system.includes(entry)).map((entry) => entry.fullId);
    if (stateSensor === undefined || bound.length < sensors) {
      throw new Error(`the simulated tree has no running-state sensor or fewer than ${sensors} sensors`);
    }
    const tab = await createVisualTab(
      server.baseUrl,
      token,
      bound.slice(0, sensors),
      stateSensor,
      minMachines,
    );
    const perMachine = [...new Set(tab.machines.map((machine) => machine.points.length))].join(' or ');
    console.log(
      `\nVisual bench: ${sensors} sensors of one F500 (a tree a second) bound on ${tab.machines.length} machines (${perMachine} sensor points each, plus the running-state sensor ${stateSensor}${tab.machines.length > minMachines ? `; ${minMachines} asked, too few: the catalog's types have at most ${Math.max(...tab.machines.map((machine) => machine.points.length))} sensor points` : ''}), ${seconds} s per page.`,
    );
    const live = await signedInPage(browser, server.baseUrl, SUPERUSER);
    await live.goto(`/visual-dashboard/site/${tab.siteId}/schemas/${tab.schemaId}/tabs/${tab.tabId}`);
    await live.locator('[data-testid="live-diagram"][data-live="true"]').waitFor();
    const liveView = await measure(live, {
      seconds,
      resultsDir: RESULTS_DIR,
      traceFile: traceFile === '' ? null : traceFile,
    });
    const points = await live.locator('[data-testid^="live-point-"]').count();
    const readings = await checkReadingsChange(live, {
      selector: '[data-testid^="live-point-"]',
      attribute: 'aria-label',
    });
    console.log(
      `  live view: ${points} sensor points; in view ${readings.inView}, ${readings.changed} changed in 3 s`,
    );
    await live.context().close();
    const plain = await plainSvgPage(browser, server.baseUrl, tab, token);
    const floor = await measure(plain, {
      seconds,
      resultsDir: RESULTS_DIR,
      traceFile: traceFile === '' ? null : traceFile.replace(/(\.json)?$/, '-plain-svg.json'),
    });
    await plain.context().close();
    report({ tab, liveView, floor, points, readings, stateSensor });
  } finally {
    await simulator?.stop();
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function never(): never {
  throw new Error('the simulator has no device');
}

function report(run: {
  tab: Awaited<ReturnType<typeof createVisualTab>>;
  liveView: UpdateSummary;
  floor: UpdateSummary;
  points: number;
  readings: { inView: number; changed: number };
  stateSensor: string;
}): void {
  const { tab, liveView, floor } = run;
  const verdict = judgeAgainstFloor(liveView, floor);
  console.log(
    `\n  ${'page'.padEnd(34)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'mean'.padStart(6)} ${'cpu50'.padStart(6)} ${'cpu95'.padStart(6)} ${'lst50'.padStart(6)} ${'lst95'.padStart(6)} ${'dropped frames'.padStart(17)} ${'updates'.padStart(8)}  (ms per update)`,
  );
  console.log(line(`live view, ${tab.machines.length} machines`, liveView));
  console.log(line('plain SVG floor, same machines', floor));
  console.log(
    `\nTarget: p95 at most ${LIMIT_RATIO} × the plain SVG floor's (${verdict.p95Ratio ?? 'n/a'} ×; p50 ${verdict.p50Ratio ?? 'n/a'} ×) and dropped frames at most the floor's (${verdict.droppedFrames} vs ${verdict.floorDroppedFrames}): ${verdict.isPass ? 'PASS' : 'FAIL'}`,
  );
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(
    RESULTS_DIR,
    `visual-${new Date().toISOString().replace(/:/g, '-').slice(0, 19)}Z.json`,
  );
  const summary = {
    commit: currentCommit(),
    seconds,
    sensors,
    machines: tab.machines.length,
    machinesAsked: minMachines,
    stateSensor: run.stateSensor,
    livePoints: run.points,
    readings: run.readings,
    limitRatio: LIMIT_RATIO,
    verdict: verdict.isPass ? 'PASS' : 'FAIL',
    ratios: verdict,
    liveView,
    floor,
  };
  fs.writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`Saved ${path.relative(ROOT, file)}`);
  process.exitCode = verdict.isPass ? 0 : 1;
}

await main();
process.exit(process.exitCode ?? 0);
