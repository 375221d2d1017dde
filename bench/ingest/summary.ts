import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CopyBaselineResult } from './copy-baseline';
import type { DatabaseActivity } from './database-activity';
import type { BenchOptions } from './options';
import type { LatencySummary } from './stats';

type Target = { target: number; value: number | null; pass: boolean };

/** Everything one run measured; printed as a block and kept as JSON in bench/results/. */
export type BenchSummary = {
  date: string;
  machine: { cpus: number; cpuModel: string; node: string; database: string; commit: string | null };
  options: Omit<BenchOptions, 'databaseUrl' | 'resultsDir' | 'cpuProfileDir'>;
  offeredPointsPerSecond: number;
  stored: {
    rows: number;
    pointsPerSecond: number;
    perSecondMin: number | null;
    perSecondMedian: number | null;
  };
  publishToStored: LatencySummary;
  publishToBrowser: LatencySummary & { sockets: number; closedEarly: number };
  load: {
    publishedInWindow: number;
    ackedInWindow: number;
    skippedInFlight: number;
    skippedDisconnected: number;
    failed: number;
    unacknowledged: number;
    scheduleLagP99Ms: number | null;
    cores: number;
    eventLoopUtilisation: number;
  };
  copyBaseline: CopyBaselineResult | null;
  /** stored points/s ÷ COPY rows/s. */
  ratioToCopy: number | null;
  rejected: { total: number; byReason: Record<string, number> };
  server: { cores: number | null; rssMb: number | null };
  postgresCores: number | null;
  machineBusy: number | null;
  /** What the bench database's sessions were doing, sampled every 100 ms over the window. */
  databaseActivity: DatabaseActivity | null;
  targets: { pointsPerSecond: Target; browserP99Ms: Target };
};

const count = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(value < 10 ? 1 : 0)} ms`);
const cores = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)} cores`);
const verdict = (target: Target) => (target.pass ? 'PASS' : 'FAIL');

function row(label: string, value: string): string {
  return `  ${label.padEnd(30)} ${value}`;
}

/** At or near the offered load the server kept up, so the ratio shows the load, not the server's limit. */
function ratioText(summary: BenchSummary): string {
  if (summary.ratioToCopy === null) {
    return 'n/a';
  }
  const keptUp = summary.stored.pointsPerSecond >= 0.98 * summary.offeredPointsPerSecond;
  return `${summary.ratioToCopy.toFixed(2)}${keptUp ? ' (the server kept up with the offered load: not its limit)' : ''}`;
}

/** One line per thing the database sessions were seen doing, by share of the samples. */
function activityRows(activity: DatabaseActivity | null): string[] {
  if (activity === null || activity.top.length === 0) {
    return [];
  }
  return activity.top.map((entry, index) =>
    row(
      index === 0 ? 'database sessions, sampled' : '',
      `${count(entry.share * 100).padStart(3)} % ${entry.what}`,
    ),
  );
}

/** The summary block printed at the end of a run. */
export function formatSummary(summary: BenchSummary): string {
  const { options: o, stored, publishToStored: acked, publishToBrowser: feed, load, copyBaseline } = summary;
  const offeredNote =
    summary.offeredPointsPerSecond < summary.targets.pointsPerSecond.target
      ? ` (offered load is below the target: run with the defaults for the target)`
      : '';
  const lines = [
    `Vigil ingest benchmark, ${summary.date}: ${summary.machine.cpus} × ${summary.machine.cpuModel}, ` +
      `node ${summary.machine.node}, ${summary.machine.database}`,
    row('devices × sensors × rate', `${count(o.devices)} × ${o.sensors} × ${o.rate} Hz`),
    row('window', `${o.seconds} s measured after ${o.warmup} s warm-up`),
    row(
      'offered',
      `${count(summary.offeredPointsPerSecond)} points/s (${count(o.devices * o.rate)} trees/s)`,
    ),
    row(
      'stored, sustained',
      `${count(stored.pointsPerSecond)} points/s (per second: min ${count(stored.perSecondMin ?? 0)}, ` +
        `median ${count(stored.perSecondMedian ?? 0)}; ${count(stored.rows)} rows)`,
    ),
    row(
      'publish → stored (PUBACK)',
      `p50 ${ms(acked.p50Ms)}, p99 ${ms(acked.p99Ms)} (${count(acked.count)} trees)`,
    ),
    row(
      'publish → browser',
      `p50 ${ms(feed.p50Ms)}, p99 ${ms(feed.p99Ms)} (${count(feed.count)} frames on ${feed.sockets} feeds)`,
    ),
    row(
      'COPY baseline',
      copyBaseline === null
        ? 'n/a (PostgreSQL only)'
        : `${count(copyBaseline.rowsPerSecond)} rows/s (${count(copyBaseline.rows)} rows, ` +
            `batches of ${count(copyBaseline.batchRows)})`,
    ),
    row('stored / COPY', ratioText(summary)),
    row(
      'messages rejected',
      `${count(summary.rejected.total)}${summary.rejected.total > 0 ? ` ${JSON.stringify(summary.rejected.byReason)}` : ''}`,
    ),
    row(
      'not offered',
      `${count(load.skippedInFlight)} slots skipped (previous tree unacknowledged), ` +
        `${count(load.skippedDisconnected)} disconnected; ${count(load.failed + load.unacknowledged)} failed or unacknowledged`,
    ),
    row(
      'server process',
      `${cores(summary.server.cores)}, RSS ${summary.server.rssMb === null ? 'n/a' : `${count(summary.server.rssMb)} MB`}`,
    ),
    row(
      'load generator',
      `${cores(load.cores)}, event loop ${count(load.eventLoopUtilisation * 100)} % busy, ` +
        `schedule lag p99 ${ms(load.scheduleLagP99Ms)}`,
    ),
    row(
      'PostgreSQL, whole machine',
      `${cores(summary.postgresCores)} (all postgres processes); machine ` +
        `${summary.machineBusy === null ? 'n/a' : `${count(summary.machineBusy * 100)} %`} busy`,
    ),
    ...activityRows(summary.databaseActivity),
    row(
      `target ≥ ${count(summary.targets.pointsPerSecond.target)} points/s`,
      `${verdict(summary.targets.pointsPerSecond)}${offeredNote}`,
    ),
    row(
      `target p99 browser < ${summary.targets.browserP99Ms.target} ms`,
      verdict(summary.targets.browserP99Ms),
    ),
  ];
  return lines.join('\n');
}

/** Writes bench/results/ingest-<date>T<time>.json and returns its path. */
export async function writeSummary(summary: BenchSummary, resultsDir: string): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const stamp = summary.date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
  const file = path.join(resultsDir, `ingest-${stamp}.json`);
  await writeFile(file, `${JSON.stringify(summary, null, 2)}\n`);
  return file;
}
