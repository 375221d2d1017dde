import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { percentile } from '../ingest/stats';
import type { CallCost } from './call-cost';
import type { LoadFigures } from './history-load';
import type { GraphsBenchOptions } from './options';
import type { PayloadFacts } from './payload-check';

export type LatencyFigures = {
  count: number;
  p50Ms: number | null;
  p95Ms: number | null;
  meanMs: number | null;
  maxMs: number | null;
};

const tenth = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/** Count, median, p95, mean and maximum of the samples, rounded to 0.1 ms. */
export function latencyFigures(samples: readonly number[]): LatencyFigures {
  const mean = samples.length === 0 ? null : samples.reduce((sum, ms) => sum + ms, 0) / samples.length;
  return {
    count: samples.length,
    p50Ms: tenth(percentile(samples, 0.5)),
    p95Ms: tenth(percentile(samples, 0.95)),
    meanMs: tenth(mean),
    maxMs: tenth(percentile(samples, 1)),
  };
}

/** One capacity step: `clients` callers, each calling again as soon as its answer is read, for `seconds`. */
export type CapacityStep = {
  clients: number;
  seconds: number;
  requests: number;
  /** Answers other than 200 (none expected). */
  errors: number;
  perSecond: number;
  latency: LatencyFigures;
  /** CPU over the step (1.00 = one core busy): the Vigil server, every PostgreSQL process; whole machine busy share. */
  serverCores: number | null;
  postgresCores: number | null;
  machineBusy: number | null;
  /** CPU per call of the server and of the bench database's sessions (others' work left out). */
  cost: CallCost;
};

/** The answers' size and shape, from the first timed call of one device. */
export type PayloadFigures = PayloadFacts & { bytes: number; gzipBytes: number };

export type Verdict = { limitMs: number; p95Ms: number | null; ratio: number | null; pass: boolean };

export type GraphsBenchSummary = {
  date: string;
  machine: { cpus: number; cpuModel: string; node: string; database: string; commit: string | null };
  /** The fleet measured (from the database when reused) and the measurement's options. */
  options: Omit<GraphsBenchOptions, 'databaseUrl' | 'resultsDir' | 'keep' | 'reuse' | 'cpuProfileDir'> & {
    reused: boolean;
  };
  /** The load's figures; of the earlier run that loaded the database when reused. */
  load: LoadFigures & { seconds: number };
  payload: PayloadFigures;
  /** The 30-day graph call of one device, sequential. */
  graphOneDevice: LatencyFigures;
  /**
   * Busy share of all cores while those calls ran (server, PostgreSQL, the bench, and anything else on the
   * machine): one sequential caller keeps about one core busy, so far above 50 % on 2 cores means others were at work.
   */
  machineBusyDuringCalls: number | null;
  /** CPU per timed call of the server and of the bench database's sessions (others' work left out). */
  graphCost: CallCost;
  /** The same call over every device in turn. */
  graphSpread: LatencyFigures;
  /** `select count(*)` of the same device's raw rows of the last 30 days, sequential, from the bench process. */
  countQuery: LatencyFigures & { rows: number };
  /** graph p95 ÷ count p95. */
  graphToCount: number | null;
  capacity: CapacityStep[];
  target: Verdict;
};

/** p95 against the limit: the ratio and PASS when under it. */
export function verdictOf(p95Ms: number | null, limitMs: number): Verdict {
  const ratio = p95Ms === null ? null : p95Ms / limitMs;
  return { limitMs, p95Ms, ratio, pass: ratio !== null && ratio < 1 };
}

/** a ÷ b, or null when either is missing or b is 0. */
export function ratioOf(a: number | null, b: number | null): number | null {
  return a === null || b === null || b === 0 ? null : a / b;
}

const ms = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(1)} ms`);
const num = (value: number) => Math.round(value).toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 2 : 0)} MB`;
const cores = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
const times = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)} ×`);
const percent = (share: number | null) => (share === null ? 'n/a' : `${Math.round(share * 100)} %`);
const costLine = (cost: CallCost) =>
  `server ${ms(cost.serverMs)}, PostgreSQL ${ms(cost.databaseMs)} (their own, whatever else runs)`;
const row = (label: string, value: string) => `  ${label.padEnd(34)} ${value}`;
const latencyLine = (figures: LatencyFigures) =>
  `p50 ${ms(figures.p50Ms)}, p95 ${ms(figures.p95Ms)}, mean ${ms(figures.meanMs)}, max ${ms(figures.maxMs)} (${figures.count} calls)`;

/** The printed block of a run. */
export function formatSummary(summary: GraphsBenchSummary): string {
  const { load, payload, options } = summary;
  const lines = [
    `Graphs bench, ${summary.date}: ${summary.machine.cpus} × ${summary.machine.cpuModel}, ${summary.machine.database}, Node ${summary.machine.node}, commit ${summary.machine.commit ?? '?'}`,
    row(
      'history',
      `${options.devices} devices × ${options.sensors} sensors × ${options.days} days, 1 reading a minute`,
    ),
    row(
      options.reused ? 'load (earlier run, database reused)' : 'load',
      `${num(load.rows)} rows in ${load.copySeconds.toFixed(0)} s (${num(load.rowsPerSecond)} rows/s, COPY), roll-ups ${load.rollupSeconds.toFixed(0)} s, VACUUM ANALYZE ${load.vacuumSeconds.toFixed(0)} s; ${load.seconds.toFixed(0)} s in all`,
    ),
    row(
      'stored',
      `sensor_readings ${mb(load.bytes.sensor_readings)}, sensor_rollups_1m ${mb(load.bytes.sensor_rollups_1m)} (~${num(load.rollupRows.minute)} rows), sensor_rollups_1h ${mb(load.bytes.sensor_rollups_1h)} (~${num(load.rollupRows.hour)} rows)`,
    ),
    row(
      'payload (30 days, one device)',
      `${mb(payload.bytes)} (${mb(payload.gzipBytes)} gzipped), ${payload.graphs} graphs, ${payload.series} series, ${payload.pointsMin}–${payload.pointsMax} points a series (${num(payload.pointsTotal)} in all, ${payload.nullPoints} gaps), spikes shown ${payload.spikesShown} of ${payload.spikesExpected}`,
    ),
    row('graph call, one device', latencyLine(summary.graphOneDevice)),
    row('  machine busy meanwhile', percent(summary.machineBusyDuringCalls)),
    row('  CPU per call', costLine(summary.graphCost)),
    row(`graph call, ${options.devices} devices in turn`, latencyLine(summary.graphSpread)),
    row(
      'count(*) of its raw rows, 30 days',
      `${latencyLine(summary.countQuery)}, ${num(summary.countQuery.rows)} rows`,
    ),
    row('graph p95 ÷ count p95', times(summary.graphToCount)),
    '  capacity (graph calls over every device, each client calling again at once):',
    ...summary.capacity.map((step) =>
      row(
        `  ${step.clients} client${step.clients === 1 ? '' : 's'}, ${step.seconds} s`,
        `${step.perSecond.toFixed(1)} calls/s, p50 ${ms(step.latency.p50Ms)}, p95 ${ms(step.latency.p95Ms)}, ${step.errors} errors; server ${cores(step.serverCores)} cores, PostgreSQL ${cores(step.postgresCores)}, machine ${percent(step.machineBusy)} busy; CPU per call: server ${ms(step.cost.serverMs)}, PostgreSQL ${ms(step.cost.databaseMs)}`,
      ),
    ),
    row(
      `target p95 < ${summary.target.limitMs} ms`,
      `${ms(summary.target.p95Ms)} = ${times(summary.target.ratio)} the limit: ${summary.target.pass ? 'PASS' : 'FAIL'}`,
    ),
  ];
  return lines.join('\n');
}

/** Writes `<resultsDir>/graphs-<date>T<time>Z.json` and returns its path. */
export async function writeSummary(summary: GraphsBenchSummary, resultsDir: string): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const stamp = summary.date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
  const file = path.join(resultsDir, `graphs-${stamp}.json`);
  await writeFile(file, `${JSON.stringify(summary, null, 2)}\n`);
  return file;
}
