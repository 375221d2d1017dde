import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StepLimits } from './capacity-search';
import type { CopyBaselineResult } from './copy-baseline';
import type { CpuBudget } from './cpu-budget';
import type { DatabaseActivity } from './database-activity';
import { type BenchOptions, TARGET_COPY_SHARE } from './options';
import type { ReceiveFloor } from './receive-floor';
import type { StepResult } from './run-step';
import { cores, count, formatStepTable, ms, percent, stepCells } from './step-table';
import type { Target } from './targets';

/** Everything one run measured; printed as a block and kept as JSON in bench/results/. */
export type BenchSummary = {
  date: string;
  machine: { cpus: number; cpuModel: string; node: string; database: string; commit: string | null };
  options: Omit<BenchOptions, 'databaseUrl' | 'resultsDir' | 'cpuProfileDir'>;
  limits: StepLimits;
  steps: StepResult[];
  /** The highest load held: its devices and stored points/s; null when no step held. */
  capacity: { devices: number; pointsPerSecond: number; step: number } | null;
  searchEnding: string;
  copyBaseline: CopyBaselineResult | null;
  /** Why there is no COPY baseline, when there is none. */
  copyNote: string | null;
  /** capacity (stored points/s) ÷ COPY rows/s. */
  ratioToCopy: number | null;
  /** The receiving floor (receive-floor.ts), PostgreSQL runs only; null when not measured. */
  receiveFloor: ReceiveFloor | null;
  /** The floor's points/s ÷ COPY rows/s: the most capacity / COPY any server could reach in this run. */
  floorToCopy: number | null;
  /** CPU per point at the capacity target, what is spoken for and what is left (cpu-budget.ts). */
  cpuBudget: CpuBudget | null;
  final: StepResult | null;
  targets: Target[];
  passed: boolean;
};

function row(label: string, value: string): string {
  return `  ${label.padEnd(42)} ${value}`;
}

/** One line per thing the database sessions were seen doing, by share of the samples. */
function activityRows(activity: DatabaseActivity | null): string[] {
  if (activity === null || activity.top.length === 0) {
    return [];
  }
  return activity.top.map((entry, index) =>
    row(index === 0 ? 'database sessions, sampled' : '', `${percent(entry.share).padStart(5)} ${entry.what}`),
  );
}

function copyLines(summary: BenchSummary): string[] {
  const copy = summary.copyBaseline;
  return [
    row(
      'COPY baseline, same rows',
      copy === null
        ? `n/a (${summary.copyNote ?? 'not measured'})`
        : `${count(copy.rowsPerSecond)} rows/s (${count(copy.rows)} rows, batches of ${count(copy.batchRows)})`,
    ),
    row('capacity / COPY', summary.ratioToCopy === null ? 'n/a' : summary.ratioToCopy.toFixed(2)),
    ...floorLines(summary),
    ...budgetLines(summary.cpuBudget),
  ];
}

const micros = (value: number) => `${value.toFixed(1)} µs`;

/** What a point may cost at the target on this machine, and what the server spends beyond the floor and COPY. */
function budgetLines(budget: CpuBudget | null): string[] {
  if (budget === null) {
    return [];
  }
  const { leftMicros, restAtCapacityMicros: rest } = budget;
  const lines = [
    row(
      `CPU a point may cost at ${budget.share} × COPY`,
      `${micros(budget.budgetMicros)} of a core (${count(budget.targetPointsPerSecond)} points/s on ${budget.cpus} cores)`,
    ),
    row(
      '  spoken for',
      `load generator ${micros(budget.generatorMicros)}, receiving and parsing ${micros(budget.receivingMicros)}, ` +
        `PostgreSQL's COPY ${micros(budget.copyMicros)}`,
    ),
    row('  left for all else a reading needs', leftMicros > 0 ? micros(leftMicros) : 'nothing'),
  ];
  if (rest !== null) {
    const times = leftMicros > 0 ? `, ${(rest / leftMicros).toFixed(1)} × what is left` : '';
    lines.push(row('  all else, spent at capacity', `${micros(rest)} (server and PostgreSQL${times})`));
  }
  return lines;
}

/** The receiving floor: what the machine receives and parses beside the load generator, storing nothing. */
function floorLines(summary: BenchSummary): string[] {
  const { receiveFloor, floorToCopy } = summary;
  if (receiveFloor === null) {
    return [];
  }
  const { floor } = receiveFloor;
  const held = floor === null ? undefined : receiveFloor.steps.find((step) => step.devices === floor.devices);
  const lines = [
    row(
      'receiving floor (parse only, nothing stored)',
      floor === null || held === undefined
        ? 'none: not even its first step held'
        : `${count(floor.pointsPerSecond)} points/s (${count(floor.devices)} devices; cores: load generator ` +
            `${cores(held.generatorCores)}, broker ${cores(held.receiverCores)})`,
    ),
    row('floor search ended', receiveFloor.searchEnding),
    row('floor / COPY', floorToCopy === null ? 'n/a' : floorToCopy.toFixed(2)),
  ];
  if (floorToCopy !== null && floorToCopy < TARGET_COPY_SHARE) {
    lines.push(
      row(
        '',
        `below the ${TARGET_COPY_SHARE} × COPY target: no server receiving these trees on this machine can reach it`,
      ),
    );
  }
  return lines;
}

function finalLines(final: StepResult | null): string[] {
  if (final === null) {
    return [row('run at 80 % of capacity', 'not run')];
  }
  const { trees } = final;
  return [
    row('run at 80 % of capacity', `${count(final.devices)} devices, ${final.seconds} s measured`),
    row(
      'not offered',
      `${count(trees.skippedInFlight)} slots skipped (previous tree unacknowledged), ` +
        `${count(trees.skippedDisconnected)} disconnected; ${count(trees.failedOrUnacknowledged)} failed or unacknowledged`,
    ),
    row('messages rejected', count(final.rejected)),
    row(
      'publish → browser',
      `p50 ${ms(final.publishToBrowser.p50Ms)}, p99 ${ms(final.publishToBrowser.p99Ms)}`,
    ),
    row(
      'server process',
      `${cores(final.serverCores)} cores, RSS ${final.serverRssMb === null ? 'n/a' : `${count(final.serverRssMb)} MB`}, ` +
        `event-loop lag p99 ${ms(final.eventLoopLagP99Ms)}, max ${ms(final.eventLoopLagMaxMs)}`,
    ),
    row(
      'load generator',
      `${cores(final.loadGenerator.cores)} cores, event loop ${percent(final.loadGenerator.eventLoopUtilisation)} busy, ` +
        `schedule lag p99 ${ms(final.loadGenerator.scheduleLagP99Ms)}`,
    ),
    ...activityRows(final.databaseActivity),
  ];
}

function targetLine(target: Target): string {
  const value =
    target.value === null
      ? 'n/a'
      : Number.isInteger(target.value) || target.value >= 10
        ? count(target.value)
        : target.value.toFixed(2);
  const verdict = target.pass ? 'PASS' : target.counts ? 'FAIL' : 'miss';
  return row(target.label, `${verdict} (${value})${target.counts ? '' : ', not judged'}`);
}

/** The summary block printed at the end of a run. */
export function formatSummary(summary: BenchSummary): string {
  const { options: o, capacity } = summary;
  const steps = summary.steps.map((step, index) => stepCells(step, String(index + 1)));
  if (summary.final !== null) {
    steps.push(stepCells(summary.final, '80 %'));
  }
  const lines = [
    `Vigil ingest capacity, ${summary.date}: ${summary.machine.cpus} × ${summary.machine.cpuModel}, ` +
      `node ${summary.machine.node}, ${summary.machine.database}, commit ${summary.machine.commit ?? '?'}`,
    row(
      'load',
      `devices × ${o.sensors} sensors × ${o.rate} Hz; steps of ${o.stepSeconds} s after ${o.warmup} s`,
    ),
    row(
      'falls behind when',
      `stored < ${percent(summary.limits.storedShare)} of sent, p99 publish → stored > ${count(summary.limits.publishToStoredP99Ms)} ms, ` +
        `sent < ${percent(summary.limits.sentShare)} of offered` +
        (summary.limits.eventLoopLagP99Ms === null
          ? ''
          : `, event-loop lag p99 ≥ ${summary.limits.eventLoopLagP99Ms} ms`),
    ),
    '',
    ...formatStepTable(steps),
    '',
    row(
      'capacity (highest load held)',
      capacity === null
        ? 'none: not even the smallest load held'
        : `${count(capacity.pointsPerSecond)} points/s stored (${count(capacity.devices)} devices, step ${capacity.step})`,
    ),
    row('search ended', summary.searchEnding),
    ...copyLines(summary),
    ...finalLines(summary.final),
    ...summary.targets.map(targetLine),
    row('verdict', summary.passed ? 'PASS' : 'FAIL'),
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
