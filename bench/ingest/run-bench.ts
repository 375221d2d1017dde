import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { generateIdentities } from '@vigil/simulator';
import { currentCommit } from '../measured-commit';
import { type BenchDatabase, countStoredReadings, openBenchDatabase } from './bench-database';
import {
  highestHeld,
  nextDevices,
  type SearchConfig,
  STEP_LIMITS,
  type StepLimits,
  searchEnding,
} from './capacity-search';
import { type CopyBaselineResult, removeBaselineRows, runCopyBaseline } from './copy-baseline';
import { cpuBudget } from './cpu-budget';
import { FeedObserver } from './feed-observer';
import { LoadGenerator } from './load-control';
import {
  type BenchOptions,
  FINAL_SHARE,
  pointsPerDevice,
  startDevices,
  TARGET_COPY_SHARE,
  TARGET_PGLITE_LAG_P99_MS,
} from './options';
import { provisionDevices, provisionUnits } from './provision';
import { measureReceiveFloor, type ReceiveFloor } from './receive-floor';
import { runStep, type StepContext, type StepResult, storedFigures } from './run-step';
import { stepProgressLine } from './step-table';
import type { BenchSummary } from './summary';
import { allPassed, evaluateTargets } from './targets';
import { cpuProfileArgs, startVigilServer } from './vigil-process';

const SEED = 1;
/** Bisection stops within 10 % above the highest load held; at most 12 steps in all. */
const RESOLUTION = 0.1;
const MAX_STEPS = 12;
/** Stored rows the COPY baseline repeats (its template); more would only cost memory. */
const TEMPLATE_ROWS = 100_000;

/** Undo steps of a run, last first; run once at the end or on Ctrl-C. */
export class Cleanup {
  private readonly steps: Array<() => Promise<unknown> | unknown> = [];

  add(step: () => Promise<unknown> | unknown): void {
    this.steps.push(step);
  }

  async run(): Promise<void> {
    for (let step = this.steps.pop(); step !== undefined; step = this.steps.pop()) {
      await Promise.resolve()
        .then(step)
        .catch((error: unknown) => process.stderr.write(`cleanup: ${String(error)}\n`));
    }
  }
}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** Devices whose feeds are watched: spread over the first step's devices, so every step has some. */
export function feedDevices(udfIds: string[], first: number, feeds: number): string[] {
  const count = Math.min(first, feeds);
  return Array.from({ length: count }, (_, i) => udfIds[Math.floor((i * first) / count)] ?? '');
}

/** PGlite: only the server may open its files, so every step is counted once it stopped. */
async function countPgliteSteps(dataDir: string, steps: StepResult[]): Promise<void> {
  const pglite = new PGlite(path.join(dataDir, 'pgdata'));
  try {
    for (const step of steps) {
      const counted = await countStoredReadings(
        pglite,
        new Date(step.window.measureFrom),
        new Date(step.window.measureTo),
      );
      step.stored = storedFigures(counted, step.seconds);
    }
  } finally {
    await pglite.close();
  }
}

type CopyOutcome = { copy: CopyBaselineResult | null; note: string | null; version: string };

/**
 * After the server stopped: a plain COPY of as many rows as the capacity step stored, modelled on its
 * rows (or, when no step held, on the step that stored the most). Never fails for a stalled second.
 */
async function measureCopy(
  options: BenchOptions,
  database: BenchDatabase,
  model: StepResult | null,
  batchPointsPerSecond: number,
): Promise<CopyOutcome> {
  const client = await database.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    const version = `PostgreSQL ${rows[0]?.server_version ?? '?'}`;
    const stored = model?.stored.rows ?? 0;
    if (model === null || stored === 0) {
      return { copy: null, note: 'no step stored a row to model on', version };
    }
    const lastWindow = model.window.measureTo;
    const plan = {
      templateFrom: new Date(model.window.measureFrom),
      templateTo: new Date(lastWindow),
      templateRows: Math.min(stored, TEMPLATE_ROWS),
      rows: stored,
      batchRows: options.copyBatchRows ?? Math.max(1, Math.round(batchPointsPerSecond / 4)),
      placeAt: new Date(Math.ceil((Date.now() + 3_600_000) / 1000) * 1000),
    };
    say(`COPY baseline: ${stored.toLocaleString('en-US')} rows into sensor_readings …`);
    const copy = await runCopyBaseline(client, plan);
    if (!database.isThrowAway) {
      await removeBaselineRows(client, plan.placeAt);
    }
    return { copy, note: copy === null ? 'no stored row found to model on' : null, version };
  } finally {
    await client.end();
  }
}

/**
 * After the server stopped and the COPY baseline: the receiving floor, searched from the capacity found up
 * to as many points a second as the COPY baseline wrote (a floor above that says nothing more).
 */
async function searchReceiveFloor(
  options: BenchOptions,
  fromDevices: number,
  copyRowsPerSecond: number,
): Promise<ReceiveFloor> {
  const maxDevices = Math.max(fromDevices, Math.ceil(copyRowsPerSecond / pointsPerDevice(options)));
  say(`Receiving floor (a bare broker parsing each tree, nothing stored) from ${fromDevices} devices …`);
  return measureReceiveFloor({
    sensors: options.sensors,
    rate: options.rate,
    warmup: options.warmup,
    stepSeconds: options.stepSeconds,
    search: {
      startDevices: fromDevices,
      maxDevices,
      growth: options.growth,
      resolution: RESOLUTION,
      maxSteps: 8,
    },
    say,
  });
}

/** One capacity search end to end; every resource it opens is registered with `cleanup`. */
export async function runBench(options: BenchOptions, cleanup: Cleanup): Promise<BenchSummary> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vigil-bench-'));
  cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
  const database = options.pglite ? null : await openBenchDatabase(options.databaseUrl);
  if (database !== null) {
    cleanup.add(() => database.dispose());
  }
  const env = { databaseUrl: database?.url ?? null, dataDir };
  const identities = generateIdentities(options.maxDevices, ['F500'], SEED);
  const search: SearchConfig = {
    startDevices: startDevices(options),
    maxDevices: options.maxDevices,
    growth: options.growth,
    resolution: RESOLUTION,
    maxSteps: MAX_STEPS,
  };

  say(`Provisioning ${options.maxDevices} devices (${database === null ? 'PGlite' : database.url}) …`);
  await provisionUnits(env, identities);
  const server = await startVigilServer(env, cpuProfileArgs(options.cpuProfileDir, 'server'));
  cleanup.add(() => server.stop());
  const token = await provisionDevices(server.baseUrl, identities);
  const feeds = new FeedObserver();
  cleanup.add(() => feeds.close());
  const udfIds = identities.map((identity) => identity.udfId);
  await feeds.open(server.baseUrl, feedDevices(udfIds, search.startDevices, options.feeds), token);
  const load = await LoadGenerator.connect(
    { brokerUrl: server.brokerUrl, identities, sensors: options.sensors, rate: options.rate, seed: SEED },
    cpuProfileArgs(options.cpuProfileDir, 'load-generator'),
  );
  cleanup.add(() => load.kill());
  const limits: StepLimits = {
    ...STEP_LIMITS,
    eventLoopLagP99Ms: options.pglite ? TARGET_PGLITE_LAG_P99_MS : null,
  };
  const context: StepContext = { options, server, database, load, feeds, limits };

  say(
    `Capacity search from ${search.startDevices} devices (${options.warmup} s + ${options.stepSeconds} s a step) …`,
  );
  const steps: StepResult[] = [];
  const history = () => steps.map((step) => ({ devices: step.devices, held: step.verdict.held }));
  for (let devices = nextDevices([], search); devices !== null; devices = nextDevices(history(), search)) {
    const step = await runStep(context, 'search', devices, options.stepSeconds);
    steps.push(step);
    say(stepProgressLine(step, `step ${steps.length}`));
  }
  const best = highestHeld(history());
  const capacityStep =
    best === null ? null : (steps.find((step) => step.devices === best.devices && step.verdict.held) ?? null);
  let final: StepResult | null = null;
  if (capacityStep !== null && options.finalSeconds > 0) {
    const devices = Math.max(1, Math.round(FINAL_SHARE * capacityStep.devices));
    say(
      `Final run at ${FINAL_SHARE * 100} % of capacity: ${devices} devices for ${options.finalSeconds} s …`,
    );
    final = await runStep(context, 'final', devices, options.finalSeconds);
    say(stepProgressLine(final, 'final'));
  }
  feeds.close();
  load.kill();
  await server.stop();

  const all = final === null ? steps : [...steps, final];
  if (database === null) {
    await countPgliteSteps(dataDir, all);
  }
  const capacityPointsPerSecond =
    capacityStep === null
      ? null
      : (capacityStep.stored.pointsPerSecond ?? capacityStep.devices * pointsPerDevice(options));
  const model =
    capacityStep ??
    steps.reduce<StepResult | null>(
      (most, step) => ((step.stored.rows ?? 0) > (most?.stored.rows ?? 0) ? step : most),
      null,
    );
  const copy =
    database === null
      ? { copy: null, note: 'PostgreSQL only', version: 'PGlite' }
      : await measureCopy(
          options,
          database,
          model,
          capacityPointsPerSecond ?? model?.stored.pointsPerSecond ?? 0,
        );
  const ratioToCopy = copy.copy === null ? null : (capacityPointsPerSecond ?? 0) / copy.copy.rowsPerSecond;
  const receiveFloor =
    copy.copy !== null && options.receiveFloor
      ? await searchReceiveFloor(
          options,
          capacityStep?.devices ?? search.startDevices,
          copy.copy.rowsPerSecond,
        )
      : null;
  const targets = evaluateTargets({
    pglite: options.pglite,
    capacityPointsPerSecond,
    capacityLagP99Ms: capacityStep?.eventLoopLagP99Ms ?? null,
    ratioToCopy,
    final,
  });
  const { databaseUrl: _url, resultsDir: _dir, cpuProfileDir: _profiles, ...shown } = options;
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? '?',
      node: process.version,
      database: copy.version,
      commit: currentCommit(),
    },
    options: shown,
    limits,
    steps,
    capacity:
      capacityStep === null || capacityPointsPerSecond === null
        ? null
        : {
            devices: capacityStep.devices,
            pointsPerSecond: capacityPointsPerSecond,
            step: steps.indexOf(capacityStep) + 1,
          },
    searchEnding: searchEnding(history(), search),
    copyBaseline: copy.copy,
    copyNote: copy.note,
    ratioToCopy,
    receiveFloor,
    floorToCopy:
      receiveFloor?.floor == null || copy.copy === null
        ? null
        : receiveFloor.floor.pointsPerSecond / copy.copy.rowsPerSecond,
    cpuBudget: cpuBudget({
      share: TARGET_COPY_SHARE,
      cpus: os.cpus().length,
      copy: copy.copy,
      floorSteps: receiveFloor?.steps ?? [],
      capacity: capacityStep,
    }),
    final,
    targets,
    passed: allPassed(targets),
  };
}
