import { type BenchDatabase, countStoredReadings, type StoredReadings } from './bench-database';
import { judgeStep, type StepLimits, type StepVerdict } from './capacity-search';
import { ActivitySampler, type DatabaseActivity } from './database-activity';
import type { FeedObserver } from './feed-observer';
import type { LoadGenerator } from './load-control';
import type { LoadResult, LoadWindow } from './load-messages';
import { sampleUsage, type UsageFigures, usageBetween } from './machine-usage';
import { type BenchOptions, pointsPerDevice } from './options';
import { fetchServerMetrics, type ServerMetrics, totalRejected } from './server-metrics';
import { type LatencySummary, type SecondsSummary, summariseLatencies, summariseSeconds } from './stats';
import type { VigilServer } from './vigil-process';

/** Time between a step's devices being connected and its first publish. */
const LEAD_IN_MS = 1000;
/** Live-feed frames of the last trees still on their way when the load has drained. */
const FEED_SETTLE_MS = 1000;

/** One offered load held for a window: a step of the search, or the final run at 80 % of capacity. */
export type StepResult = {
  kind: 'search' | 'final';
  devices: number;
  offeredPointsPerSecond: number;
  seconds: number;
  window: LoadWindow;
  /** Trees: slots of the window, published, skipped (previous tree unacknowledged), acknowledged. */
  trees: {
    offered: number;
    sent: number;
    skippedInFlight: number;
    skippedDisconnected: number;
    acked: number;
    failedOrUnacknowledged: number;
  };
  /**
   * Rows with ts in the window. On PostgreSQL counted after the step drained; on PGlite (whose files only
   * the server may open) null until the server stopped, and the step was judged on acknowledged trees.
   */
  stored: { rows: number | null; pointsPerSecond: number | null; seconds: SecondsSummary | null };
  publishToStored: LatencySummary;
  publishToBrowser: LatencySummary;
  eventLoopLagP99Ms: number | null;
  eventLoopLagMaxMs: number | null;
  rejected: number;
  serverCores: number | null;
  /** Seconds per second the server's threads were ready to run but waited for a CPU (a busy machine). */
  serverWaitingCores: number | null;
  serverRssMb: number | null;
  postgresCores: number | null;
  machineBusy: number | null;
  loadGenerator: { cores: number; eventLoopUtilisation: number; scheduleLagP99Ms: number | null };
  databaseActivity: DatabaseActivity | null;
  verdict: StepVerdict;
};

/** What every step runs against. */
export type StepContext = {
  options: BenchOptions;
  server: VigilServer;
  database: BenchDatabase | null;
  load: LoadGenerator;
  feeds: FeedObserver;
  limits: StepLimits;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const toMs = (seconds: number | null) => (seconds === null ? null : Math.round(seconds * 10_000) / 10);

type WindowUsage = {
  start: ServerMetrics;
  end: ServerMetrics;
  machine: UsageFigures | null;
  activity: DatabaseActivity | null;
};

/**
 * Server metrics and /proc counters at both ends of the measured window, database sessions during it.
 * The scrape at the start also resets the server's event-loop delay histogram, so the one at the end
 * reads the lag of the window alone.
 */
async function measureWindow(context: StepContext, window: LoadWindow): Promise<WindowUsage> {
  const client = context.database === null ? null : await context.database.connect();
  try {
    await sleep(window.measureFrom - Date.now());
    const sampler = client === null ? null : new ActivitySampler(client);
    sampler?.start();
    const [start, machineStart] = await Promise.all([
      fetchServerMetrics(context.server),
      sampleUsage(context.server.pid),
    ]);
    await sleep(window.measureTo - Date.now());
    const [end, machineEnd] = await Promise.all([
      fetchServerMetrics(context.server),
      sampleUsage(context.server.pid),
    ]);
    const activity = (await sampler?.stop()) ?? null;
    const seconds = (window.measureTo - window.measureFrom) / 1000;
    const machine =
      machineStart === null || machineEnd === null ? null : usageBetween(machineStart, machineEnd, seconds);
    return { start, end, machine, activity };
  } finally {
    await client?.end();
  }
}

async function countLive(context: StepContext, window: LoadWindow) {
  if (context.database === null) {
    return null;
  }
  const client = await context.database.connect();
  try {
    return await countStoredReadings(client, new Date(window.measureFrom), new Date(window.measureTo));
  } finally {
    await client.end();
  }
}

/** The stored figures of a step from the rows of its window and their count per whole second. */
export function storedFigures(counted: StoredReadings, seconds: number): StepResult['stored'] {
  return {
    rows: counted.rows,
    pointsPerSecond: counted.rows / seconds,
    seconds: summariseSeconds(counted.perSecond),
  };
}

function loadFigures(load: LoadResult, seconds: number): StepResult['loadGenerator'] {
  return {
    cores: load.cpuMs / 1000 / seconds,
    eventLoopUtilisation: load.eventLoopUtilisation,
    scheduleLagP99Ms: load.scheduleLagP99Ms,
  };
}

/** Offers `devices` for a warm-up and a measured window of `seconds`, then judges the step. */
export async function runStep(
  context: StepContext,
  kind: StepResult['kind'],
  devices: number,
  seconds: number,
): Promise<StepResult> {
  const { options } = context;
  await context.load.prepare(devices);
  const startAt = Date.now() + LEAD_IN_MS;
  // On a whole second, so that the rows per second cover the whole window.
  const measureFrom = Math.ceil((startAt + options.warmup * 1000) / 1000) * 1000;
  const window: LoadWindow = { startAt, measureFrom, measureTo: measureFrom + seconds * 1000 };
  context.feeds.measure(window.measureFrom, window.measureTo);
  const [load, usage] = await Promise.all([
    context.load.run(window, devices),
    measureWindow(context, window),
  ]);
  await sleep(FEED_SETTLE_MS);
  const feed = context.feeds.take();
  const counted = await countLive(context, window);
  const stored =
    counted === null ? { rows: null, pointsPerSecond: null, seconds: null } : storedFigures(counted, seconds);
  const publishToStored = summariseLatencies(load.ackLatenciesMs);
  const eventLoopLagP99Ms = toMs(usage.end.eventLoopLagP99Seconds);
  const perTree = options.sensors;
  const offered = Math.round(devices * options.rate * seconds);
  const verdict = judgeStep(
    {
      offeredTrees: offered,
      sentTrees: load.publishedInWindow,
      // PGlite: a PUBACK follows the commit of its tree, so acknowledged trees are stored ones.
      storedPoints: stored.rows ?? load.ackedInWindow * perTree,
      pointsPerTree: perTree,
      publishToStoredP99Ms: publishToStored.p99Ms,
      eventLoopLagP99Ms,
    },
    context.limits,
  );
  const cpu = usage.end.cpuSeconds !== null && usage.start.cpuSeconds !== null;
  return {
    kind,
    devices,
    offeredPointsPerSecond: devices * pointsPerDevice(options),
    seconds,
    window,
    trees: {
      offered,
      sent: load.publishedInWindow,
      skippedInFlight: load.skippedInFlight,
      skippedDisconnected: load.skippedDisconnected,
      acked: load.ackedInWindow,
      failedOrUnacknowledged: load.failed + load.unacknowledged,
    },
    stored,
    publishToStored,
    publishToBrowser: summariseLatencies(feed.latenciesMs),
    eventLoopLagP99Ms,
    eventLoopLagMaxMs: toMs(usage.end.eventLoopLagMaxSeconds),
    rejected: totalRejected(usage.end) - totalRejected(usage.start),
    serverCores: cpu ? ((usage.end.cpuSeconds ?? 0) - (usage.start.cpuSeconds ?? 0)) / seconds : null,
    serverWaitingCores: usage.machine?.waitingCores ?? null,
    serverRssMb: usage.end.residentBytes === null ? null : usage.end.residentBytes / 1024 / 1024,
    postgresCores: context.database === null ? null : (usage.machine?.postgresCores ?? null),
    machineBusy: usage.machine?.machineBusy ?? null,
    loadGenerator: loadFigures(load, seconds),
    databaseActivity: usage.activity,
    verdict,
  };
}
