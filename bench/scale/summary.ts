import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ComponentCores } from './component-usage';
import type { DashboardLoad } from './dashboard-load';
import type { FrameMeasurement } from './frames';
import type { ScaleOptions } from './options';
import type { ScaleStep } from './scale-step';
import type { ConfigurationResult } from './search';

/**
 * Issue 26's verdict on 2 cores (docs/decisions.md 2026-11-28): two instances reach at least this share of
 * one instance's capacity. The machine bounds the ratio from above (both configurations fill the same two
 * cores), so this judges what scaling out costs, within the search's 10 % resolution.
 */
export const TARGET_TWO_TO_ONE = 0.9;

export type ScaleSummary = {
  date: string;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    database: string;
    broker: string;
    commit: string | null;
    /** /proc/loadavg (1, 5, 15 min) before and after the run: other work on the machine. */
    loadAverageBefore: [number, number, number] | null;
    loadAverageAfter: [number, number, number] | null;
  };
  options: Omit<ScaleOptions, 'databaseUrl' | 'resultsDir'>;
  /** Every component's cores over a window with no load, before the searches: the machine's background. */
  background: ComponentCores | null;
  configurations: ConfigurationResult[];
  /** Capacity of two instances ÷ capacity of one; null when either found none. */
  ratio: number | null;
  target: { label: string; pass: boolean };
  frames: FrameMeasurement | null;
  dashboard: DashboardLoad | null;
  passed: boolean;
};

/** Two instances' capacity over one's, or null when either search held no step. */
export function twoToOneRatio(configurations: readonly ConfigurationResult[]): number | null {
  const one = configurations.find((c) => c.instances === 1)?.capacity?.pointsPerSecond ?? null;
  const two = configurations.find((c) => c.instances === 2)?.capacity?.pointsPerSecond ?? null;
  return one === null || two === null || one <= 0 ? null : two / one;
}

export function judgeRatio(ratio: number | null): ScaleSummary['target'] {
  return {
    label: `two instances ≥ ${TARGET_TWO_TO_ONE} × one instance's capacity (2 cores)`,
    pass: ratio !== null && ratio >= TARGET_TWO_TO_ONE,
  };
}

/** The Vigil instances' figures added up, beside each instance's own. */
export function withServerTotal(figures: Record<string, number>): Record<string, number> {
  const instances = Object.entries(figures).filter(([name]) => /^vigil-\d+$/.test(name));
  if (instances.length === 0) {
    return figures;
  }
  return { ...figures, 'vigil (all instances)': instances.reduce((sum, [, value]) => sum + value, 0) };
}

const int = (n: number | null | undefined) => (n == null ? '–' : Math.round(n).toLocaleString('en-US'));
const fixed = (n: number | null | undefined, digits = 2) => (n == null ? '–' : n.toFixed(digits));
const pad = (text: string, width: number) => text.padEnd(width);
const padLeft = (text: string, width: number) => text.padStart(width);

/** One line per step, as the search goes. */
export function scaleStepLine(step: ScaleStep, label: string): string {
  const shares = step.treesByInstance.map(int).join(' / ');
  return [
    `${label}: ${int(step.devices)} devices, offered ${int(step.offeredPointsPerSecond)} points/s`,
    `stored ${int(step.stored.pointsPerSecond)}/s (trees per instance ${shares})`,
    `p99 → browser ${fixed(step.publishToBrowser.p99Ms, 0)} ms, drain ${int(step.drainMs)} ms`,
    `machine ${step.usage === null ? '–' : `${Math.round(step.usage.machineBusy * 100)} %`}`,
    step.verdict.held ? 'held' : `FELL BEHIND (${step.verdict.reasons.join('; ')})`,
  ].join(', ');
}

/** The instances, their total, then the other components in the order measured. */
export function orderComponents(names: readonly string[]): string[] {
  const instances = names.filter((name) => /^vigil-\d+$/.test(name)).sort();
  const total: string[] = names.filter((name) => name === 'vigil (all instances)');
  return [
    ...instances,
    ...total,
    ...names.filter((name) => !instances.includes(name) && !total.includes(name)),
  ];
}

function table(rows: string[][]): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? pad(cell, widths[0] ?? 0) : padLeft(cell, widths[column] ?? 0),
        )
        .join('  '),
    )
    .join('\n');
}

function capacityStep(configuration: ConfigurationResult): ScaleStep | null {
  return configuration.capacity === null
    ? null
    : (configuration.steps[configuration.capacity.step - 1] ?? null);
}

function componentTable(configurations: readonly ConfigurationResult[]): string {
  const steps = configurations.map(capacityStep);
  const perPoint = steps.map((step) => (step?.microsPerPoint ? withServerTotal(step.microsPerPoint) : {}));
  const cores = steps.map((step) => (step?.usage ? withServerTotal(step.usage.cores) : {}));
  const names = orderComponents([...new Set(perPoint.flatMap((figures) => Object.keys(figures)))]);
  const header = [
    'component',
    ...configurations.flatMap((c) => [`µs/point ×${c.instances}`, `cores ×${c.instances}`]),
  ];
  const rows = names.map((name) => [
    name,
    ...perPoint.flatMap((figures, i) => [fixed(figures[name]), fixed(cores[i]?.[name])]),
  ]);
  const busy = [
    'machine busy',
    ...steps.flatMap((step) => ['', step?.usage ? `${Math.round(step.usage.machineBusy * 100)} %` : '–']),
  ];
  return table([header, ...rows, busy]);
}

function frameLines(frames: FrameMeasurement): string[] {
  const cores = (step: ScaleStep) => (step.usage ? withServerTotal(step.usage.cores) : {});
  const before = cores(frames.withoutBefore);
  const during = cores(frames.withSockets);
  const after = cores(frames.withoutAfter);
  const perFrame = frames.microsPerFrame ? withServerTotal(frames.microsPerFrame) : {};
  const rows = orderComponents(Object.keys(during)).map((name) => [
    name,
    fixed(before[name], 3),
    fixed(during[name], 3),
    fixed(after[name], 3),
    fixed(perFrame[name], 1),
  ]);
  return [
    `Browser frames: ${frames.sockets} sockets over ${frames.instances} instances (${frames.people} ${frames.people === 1 ? 'person' : 'people'}), ` +
      `${frames.devices} devices: ${fixed(frames.framesPerSecond, 0)} frames/s received, ` +
      `p50 / p99 publish → browser ${fixed(frames.publishToBrowser.p50Ms, 0)} / ${fixed(frames.publishToBrowser.p99Ms, 0)} ms`,
    table([['component', 'cores without', 'with sockets', 'without again', 'µs/frame'], ...rows]),
  ];
}

export function formatScaleSummary(summary: ScaleSummary): string {
  const lines: string[] = [];
  const load = (avg: [number, number, number] | null) =>
    avg === null ? '–' : avg.map((n) => n.toFixed(2)).join(' ');
  lines.push(
    `bench:scale ${summary.date}, ${summary.machine.cpus} × ${summary.machine.cpuModel}, ${summary.machine.database}, ${summary.machine.broker}`,
    `MQTT_CONSUMERS ${summary.options.mqttConsumers ?? '8 (the default)'} per instance; ${summary.options.sensors} sensors a tree at ${summary.options.rate} Hz a device`,
    `load average before ${load(summary.machine.loadAverageBefore)}, after ${load(summary.machine.loadAverageAfter)}`,
    '',
    table([
      ['configuration', 'capacity points/s', 'devices', 'steps', 'search ended'],
      ...summary.configurations.map((c) => [
        `${c.instances} instance${c.instances === 1 ? '' : 's'}`,
        int(c.capacity?.pointsPerSecond),
        int(c.capacity?.devices),
        String(c.steps.length),
        c.searchEnding,
      ]),
    ]),
    '',
    `ratio two / one: ${summary.ratio === null ? '–' : `${summary.ratio.toFixed(2)} ×`} ` +
      `(the machine's ${summary.machine.cpus} cores bound it: both configurations share them with PostgreSQL, Redis, the broker and the load generator)`,
    '',
    'CPU per stored point at each capacity (µs of one core) and cores used:',
    componentTable(summary.configurations),
  );
  if (summary.frames !== null) {
    lines.push('', ...frameLines(summary.frames));
  }
  if (summary.dashboard !== null) {
    const d = summary.dashboard;
    lines.push(
      '',
      `Dashboard load (${d.requests.join(', ')}), ${d.loads} loads: server ${fixed(d.serverMicrosPerLoad / 1000)} ms + ` +
        `PostgreSQL ${fixed(d.postgresMicrosPerLoad / 1000)} ms of CPU per load; wall p50 ${fixed(d.wallP50Ms, 1)} ms, p95 ${fixed(d.wallP95Ms, 1)} ms`,
    );
  }
  lines.push(
    '',
    `${summary.target.pass ? 'PASS' : 'FAIL'}  ${summary.target.label}: ${summary.ratio === null ? '–' : summary.ratio.toFixed(2)}`,
  );
  return lines.join('\n');
}

export async function writeScaleSummary(summary: ScaleSummary, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `scale-${summary.date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`);
  await writeFile(file, `${JSON.stringify(summary, null, 2)}\n`);
  return file;
}
