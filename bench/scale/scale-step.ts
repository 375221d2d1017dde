import type pg from 'pg';
import { countStoredReadings } from '../ingest/bench-database';
import { judgeStep, STEP_LIMITS, type StepVerdict } from '../ingest/capacity-search';
import type { FeedObserver } from '../ingest/feed-observer';
import type { LoadGenerator } from '../ingest/load-control';
import type { LoadWindow } from '../ingest/load-messages';
import { type StepResult, storedFigures } from '../ingest/run-step';
import { fetchServerMetrics, totalRejected } from '../ingest/server-metrics';
import { type LatencySummary, summariseLatencies } from '../ingest/stats';
import type { VigilServer } from '../ingest/vigil-process';
import {
  type Component,
  type ComponentCores,
  componentCoresBetween,
  microsPerUnit,
  sampleComponents,
} from './component-usage';
import type { ScaleOptions } from './options';

const LEAD_IN_MS = 1000;
/**
 * Rows are counted this long after the window: through an external broker the PUBACK is the broker's, so
 * "stored within 1 s" stands for bench:ingest's p99 publish → stored < 1 s (the rows' ts is the receive time).
 */
const STORED_WITHIN_MS = 1000;
/**
 * A step's backlog (in the broker's queues) has drained when the instances stored every tree published, or
 * stored none for this long (a broker drops what overflows a session's queue: those never come).
 */
const QUIET_MS = 5000;
const DRAIN_CEILING_MS = 90_000;
export const LOAD_GENERATOR = 'load generator';

/** What every step of a configuration runs against. */
export type ScaleContext = {
  options: ScaleOptions;
  instances: readonly VigilServer[];
  /** A client on the bench database, for counting rows. */
  client: pg.Client;
  load: LoadGenerator;
  feeds: FeedObserver;
  components: readonly Component[];
};

export type ScaleStep = {
  devices: number;
  offeredPointsPerSecond: number;
  seconds: number;
  window: LoadWindow;
  trees: { offered: number; sent: number };
  /** Rows with ts in the window, committed within 1 s of its end. */
  stored: StepResult['stored'];
  /** Trees each instance stored during the window (vigil_ingest_messages_total): how the broker shared them. */
  treesByInstance: number[];
  publishToBrowser: LatencySummary;
  rejected: number;
  /** Cores of every component over the window, the load generator's included. */
  usage: ComponentCores | null;
  /** µs of one core per stored point, per component; null without stored points or /proc. */
  microsPerPoint: Record<string, number> | null;
  /** Time after the window until the instances stopped storing (the broker's backlog of this step). */
  drainMs: number;
  verdict: StepVerdict;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function storedTrees(instances: readonly VigilServer[]): Promise<number[]> {
  const metrics = await Promise.all(instances.map((server) => fetchServerMetrics(server)));
  return metrics.map((m) => m.stateMessages);
}

async function rejectedTotal(instances: readonly VigilServer[]): Promise<number> {
  const metrics = await Promise.all(instances.map((server) => fetchServerMetrics(server)));
  return metrics.reduce((sum, m) => sum + totalRejected(m), 0);
}

/** /proc and the servers' counters at both ends of the window. */
async function measureWindow(context: ScaleContext, window: LoadWindow) {
  await sleep(window.measureFrom - Date.now());
  const [start, treesStart, rejectedStart] = await Promise.all([
    sampleComponents(context.components),
    storedTrees(context.instances),
    rejectedTotal(context.instances),
  ]);
  await sleep(window.measureTo - Date.now());
  const [end, treesEnd, rejectedEnd] = await Promise.all([
    sampleComponents(context.components),
    storedTrees(context.instances),
    rejectedTotal(context.instances),
  ]);
  const seconds = (window.measureTo - window.measureFrom) / 1000;
  return {
    usage: start === null || end === null ? null : componentCoresBetween(start, end, seconds),
    treesByInstance: treesEnd.map((trees, i) => trees - (treesStart[i] ?? 0)),
    rejected: rejectedEnd - rejectedStart,
  };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Waits until the instances stored `expected` trees (their counters' sum) or stopped storing for QUIET_MS;
 * returns how long that took.
 */
async function waitForDrain(instances: readonly VigilServer[], expected: number): Promise<number> {
  const started = Date.now();
  let last = -1;
  let quietSince = Date.now();
  while (Date.now() - started < DRAIN_CEILING_MS) {
    const total = sum(await storedTrees(instances));
    if (total >= expected) {
      return Date.now() - started;
    }
    if (total !== last) {
      last = total;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= QUIET_MS) {
      return quietSince - started;
    }
    await sleep(250);
  }
  return Date.now() - started;
}

/** Offers `devices` through the broker for a warm-up and a window of `seconds`, then judges the step. */
export async function runScaleStep(
  context: ScaleContext,
  devices: number,
  seconds: number,
): Promise<ScaleStep> {
  const { options } = context;
  await context.load.prepare(devices);
  const treesBefore = sum(await storedTrees(context.instances));
  const startAt = Date.now() + LEAD_IN_MS;
  const measureFrom = Math.ceil((startAt + options.warmup * 1000) / 1000) * 1000;
  const window: LoadWindow = { startAt, measureFrom, measureTo: measureFrom + seconds * 1000 };
  context.feeds.measure(window.measureFrom, window.measureTo);
  const [load, measured] = await Promise.all([
    context.load.run(window, devices),
    measureWindow(context, window),
  ]);
  await sleep(window.measureTo + STORED_WITHIN_MS - Date.now());
  const counted = await countStoredReadings(
    context.client,
    new Date(window.measureFrom),
    new Date(window.measureTo),
  );
  const feed = context.feeds.take();
  const drainMs = await waitForDrain(context.instances, treesBefore + load.publishedTotal);
  const stored = storedFigures(counted, seconds);
  const publishToBrowser = summariseLatencies(feed.latenciesMs);
  const offered = Math.round(devices * options.rate * seconds);
  const verdict = judgeStep(
    {
      offeredTrees: offered,
      sentTrees: load.publishedInWindow,
      storedPoints: counted.rows,
      pointsPerTree: options.sensors,
      publishToStoredP99Ms: publishToBrowser.p99Ms,
      eventLoopLagP99Ms: null,
      latencyLabel: 'publish → browser',
    },
    STEP_LIMITS,
  );
  const usage =
    measured.usage === null
      ? null
      : {
          ...measured.usage,
          cores: { ...measured.usage.cores, [LOAD_GENERATOR]: load.cpuMs / 1000 / seconds },
        };
  return {
    devices,
    offeredPointsPerSecond: devices * options.sensors * options.rate,
    seconds,
    window,
    trees: { offered, sent: load.publishedInWindow },
    stored,
    treesByInstance: measured.treesByInstance,
    publishToBrowser,
    rejected: measured.rejected,
    usage,
    microsPerPoint: usage === null ? null : microsPerUnit(usage.cores, stored.pointsPerSecond ?? 0),
    drainMs,
    verdict,
  };
}
