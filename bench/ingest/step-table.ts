import type { StepResult } from './run-step';

/** Number formatting shared by the summary's lines. */
export const count = (value: number | null) =>
  value === null ? 'n/a' : Math.round(value).toLocaleString('en-US');
export const ms = (value: number | null) =>
  value === null ? 'n/a' : `${value < 10 ? value.toFixed(1) : count(value)} ms`;
export const cores = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
export const percent = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value * 100)} %`);

const COLUMNS = [
  'step',
  'devices',
  'offered/s',
  'sent',
  'skipped',
  'stored/s',
  'slowest s (zero s)',
  'stored p50 / p99',
  'browser p99',
  'lag p99',
  'server / PG cores',
  'server waited',
  'machine',
  'verdict',
];

/** The cells of one step, in COLUMNS order. */
export function stepCells(step: StepResult, label: string): string[] {
  const { trees, stored } = step;
  const skipped = trees.skippedInFlight + trees.skippedDisconnected;
  const seconds = stored.seconds;
  return [
    label,
    count(step.devices),
    count(step.offeredPointsPerSecond),
    count(trees.sent),
    count(skipped),
    count(stored.pointsPerSecond),
    seconds === null ? 'n/a' : `${count(seconds.min)} (${seconds.zeroSeconds})`,
    `${ms(step.publishToStored.p50Ms)} / ${ms(step.publishToStored.p99Ms)}`,
    ms(step.publishToBrowser.p99Ms),
    ms(step.eventLoopLagP99Ms),
    `${cores(step.serverCores)} / ${cores(step.postgresCores)}`,
    cores(step.serverWaitingCores),
    percent(step.machineBusy),
    step.verdict.held ? 'held' : `FELL BEHIND: ${step.verdict.reasons.join('; ')}`,
  ];
}

/** A plain-text table of the steps, columns padded to their widest cell. */
export function formatStepTable(rows: string[][]): string[] {
  const all = [COLUMNS, ...rows];
  const widths = COLUMNS.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  return all.map(
    (row) =>
      `  ${row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
        .join('  ')}`,
  );
}

/** One line as the load generator logs a finished step while the search runs. */
export function stepProgressLine(step: StepResult, label: string): string {
  const [, devices, offered, sent, skipped, storedPerSecond, slowest, stored, browser, lag, , , , verdict] =
    stepCells(step, label);
  const storedText =
    step.stored.rows === null
      ? `acknowledged ${count(step.trees.acked)} trees (rows counted once the server stopped)`
      : `stored ${storedPerSecond}/s, slowest second ${slowest}`;
  return (
    `${label}: ${devices} devices, ${offered} points/s offered; sent ${sent} trees (${skipped} skipped), ` +
    `${storedText}, publish → stored ${stored}, → browser p99 ${browser}, lag p99 ${lag} → ${verdict}`
  );
}
