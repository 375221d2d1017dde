import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { generateIdentities } from '@vigil/simulator';
import {
  type BenchDatabase,
  countStoredReadings,
  openBenchDatabase,
  type StoredReadings,
} from './bench-database';
import { type CopyBaselineResult, removeBaselineRows, runCopyBaseline } from './copy-baseline';
import { ActivitySampler, type DatabaseActivity } from './database-activity';
import { FeedObserver } from './feed-observer';
import { LoadGenerator } from './load-control';
import type { LoadWindow } from './load-messages';
import { sampleUsage, type UsageFigures, usageBetween } from './machine-usage';
import {
  type BenchOptions,
  offeredPointsPerSecond,
  TARGET_BROWSER_P99_MS,
  TARGET_POINTS_PER_SECOND,
} from './options';
import { provisionDevices, provisionUnits } from './provision';
import { fetchServerMetrics, type ServerMetrics, totalRejected } from './server-metrics';
import { percentile, summariseLatencies } from './stats';
import type { BenchSummary } from './summary';
import { cpuProfileArgs, startVigilServer, type VigilServer } from './vigil-process';

const SEED = 1;
/** Time between the devices being connected and the first publish. */
const LEAD_IN_MS = 1000;

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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The commit measured, `-dirty` when the working tree had changes (the figures are then of those). */
function currentCommit(): string | null {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const changes = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    });
    return changes.trim() === '' ? commit : `${commit}-dirty`;
  } catch {
    return null;
  }
}

type WindowUsage = {
  start: ServerMetrics;
  end: ServerMetrics;
  machine: UsageFigures | null;
  activity: DatabaseActivity | null;
};

/** Server metrics and /proc counters at both ends of the measured window; database sessions during it. */
async function measureWindow(
  server: VigilServer,
  database: BenchDatabase | null,
  window: LoadWindow,
): Promise<WindowUsage> {
  const client = database === null ? null : await database.connect();
  try {
    await sleep(window.measureFrom - Date.now());
    const sampler = client === null ? null : new ActivitySampler(client);
    sampler?.start();
    const [start, machineStart] = await Promise.all([fetchServerMetrics(server), sampleUsage()]);
    await sleep(window.measureTo - Date.now());
    const [end, machineEnd] = await Promise.all([fetchServerMetrics(server), sampleUsage()]);
    const activity = (await sampler?.stop()) ?? null;
    const seconds = (window.measureTo - window.measureFrom) / 1000;
    const machine =
      machineStart === null || machineEnd === null ? null : usageBetween(machineStart, machineEnd, seconds);
    return { start, end, machine, activity };
  } finally {
    await client?.end();
  }
}

/** Devices whose feeds are watched: spread over the whole fleet. */
function feedDevices(udfIds: string[], feeds: number): string[] {
  return Array.from({ length: feeds }, (_, i) => udfIds[Math.floor((i * udfIds.length) / feeds)] ?? '');
}

type Storage = { stored: StoredReadings; copy: CopyBaselineResult | null; version: string };

/** After the server stopped (its last batch committed): rows stored in the window, then the COPY limit. */
async function measureStorage(
  options: BenchOptions,
  database: BenchDatabase | null,
  dataDir: string,
  window: LoadWindow,
): Promise<Storage> {
  const from = new Date(window.measureFrom);
  const to = new Date(window.measureTo);
  if (database === null) {
    const pglite = new PGlite(path.join(dataDir, 'pgdata'));
    try {
      return { stored: await countStoredReadings(pglite, from, to), copy: null, version: 'PGlite' };
    } finally {
      await pglite.close();
    }
  }
  const client = await database.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    const stored = await countStoredReadings(client, from, to);
    const periodMs = 1000 / options.rate;
    const plan = {
      templateFrom: new Date(
        window.measureFrom + Math.max(0, (window.measureTo - window.measureFrom - periodMs) / 2),
      ),
      periodMs,
      rows: stored.rows,
      batchRows: options.copyBatchRows ?? Math.max(1, Math.round(offeredPointsPerSecond(options) / 4)),
      placeAt: new Date(Math.ceil((window.measureTo + 60_000) / 1000) * 1000),
    };
    say(`COPY baseline: ${stored.rows.toLocaleString('en-US')} rows into sensor_readings …`);
    const copy = stored.rows > 0 ? await runCopyBaseline(client, plan) : null;
    if (!database.isThrowAway) {
      await removeBaselineRows(client, plan.placeAt);
    }
    return { stored, copy, version: `PostgreSQL ${rows[0]?.server_version ?? '?'}` };
  } finally {
    await client.end();
  }
}

/** One bench run end to end; every resource it opens is registered with `cleanup`. */
export async function runBench(options: BenchOptions, cleanup: Cleanup): Promise<BenchSummary> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vigil-bench-'));
  cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
  const database = options.pglite ? null : await openBenchDatabase(options.databaseUrl);
  if (database !== null) {
    cleanup.add(() => database.dispose());
  }
  const env = { databaseUrl: database?.url ?? null, dataDir };
  const identities = generateIdentities(options.devices, ['F500'], SEED);

  say(`Provisioning ${options.devices} devices (${database === null ? 'PGlite' : database.url}) …`);
  await provisionUnits(env, identities);
  const server = await startVigilServer(env, cpuProfileArgs(options.cpuProfileDir, 'server'));
  cleanup.add(() => server.stop());
  const token = await provisionDevices(server.baseUrl, identities);
  const feeds = new FeedObserver();
  cleanup.add(() => feeds.close());
  const udfIds = identities.map((identity) => identity.udfId);
  await feeds.open(server.baseUrl, feedDevices(udfIds, options.feeds), token);

  say(`Connecting ${options.devices} devices to ${server.brokerUrl} …`);
  const load = await LoadGenerator.connect(
    {
      brokerUrl: server.brokerUrl,
      identities,
      sensors: options.sensors,
      rate: options.rate,
      seed: SEED,
    },
    cpuProfileArgs(options.cpuProfileDir, 'load-generator'),
  );
  cleanup.add(() => load.kill());
  const startAt = Date.now() + LEAD_IN_MS;
  const window: LoadWindow = {
    startAt,
    measureFrom: startAt + options.warmup * 1000,
    measureTo: startAt + (options.warmup + options.seconds) * 1000,
  };
  feeds.measure(window.measureFrom, window.measureTo);
  say(`Load: ${options.warmup} s warm-up, then ${options.seconds} s measured …`);
  const [loadResult, usage] = await Promise.all([load.run(window), measureWindow(server, database, window)]);
  await sleep(1000); // frames of the last trees still on their way
  const feedResult = feeds.close();
  const metrics = await fetchServerMetrics(server);
  await server.stop();
  const storage = await measureStorage(options, database, dataDir, window);

  const pointsPerSecond = storage.stored.rows / options.seconds;
  const browser = summariseLatencies(feedResult.latenciesMs);
  const serverCpu =
    usage.start.cpuSeconds === null || usage.end.cpuSeconds === null
      ? null
      : (usage.end.cpuSeconds - usage.start.cpuSeconds) / options.seconds;
  const { databaseUrl: _url, resultsDir: _dir, cpuProfileDir: _profiles, ...shown } = options;
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? '?',
      node: process.version,
      database: storage.version,
      commit: currentCommit(),
    },
    options: shown,
    offeredPointsPerSecond: offeredPointsPerSecond(options),
    stored: {
      rows: storage.stored.rows,
      pointsPerSecond,
      perSecondMin: storage.stored.perSecond.length === 0 ? null : Math.min(...storage.stored.perSecond),
      perSecondMedian: percentile(storage.stored.perSecond, 0.5),
    },
    publishToStored: summariseLatencies(loadResult.ackLatenciesMs),
    publishToBrowser: { ...browser, sockets: feedResult.sockets, closedEarly: feedResult.closedEarly },
    load: {
      publishedInWindow: loadResult.publishedInWindow,
      ackedInWindow: loadResult.ackedInWindow,
      skippedInFlight: loadResult.skippedInFlight,
      skippedDisconnected: loadResult.skippedDisconnected,
      failed: loadResult.failed,
      unacknowledged: loadResult.unacknowledged,
      scheduleLagP99Ms: loadResult.scheduleLagP99Ms,
      cores: loadResult.cpuMs / 1000 / options.seconds,
      eventLoopUtilisation: loadResult.eventLoopUtilisation,
    },
    copyBaseline: storage.copy,
    ratioToCopy: storage.copy === null ? null : pointsPerSecond / storage.copy.rowsPerSecond,
    rejected: { total: totalRejected(metrics), byReason: metrics.rejected },
    server: {
      cores: serverCpu,
      rssMb: usage.end.residentBytes === null ? null : usage.end.residentBytes / 1024 / 1024,
    },
    postgresCores: database === null ? null : (usage.machine?.postgresCores ?? null),
    machineBusy: usage.machine?.machineBusy ?? null,
    databaseActivity: usage.activity,
    targets: {
      pointsPerSecond: {
        target: TARGET_POINTS_PER_SECOND,
        value: pointsPerSecond,
        pass: pointsPerSecond >= TARGET_POINTS_PER_SECOND,
      },
      browserP99Ms: {
        target: TARGET_BROWSER_P99_MS,
        value: browser.p99Ms,
        pass: browser.p99Ms !== null && browser.p99Ms < TARGET_BROWSER_P99_MS,
      },
    },
  };
}
