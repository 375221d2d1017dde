import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LatencyFigures } from '../graphs/summary';
import { type EscalationTickResult, formatEscalation } from './escalation-summary';
import type { PlanFacts } from './explain';
import { LIMIT_P95_MS } from './options';
import type { SeedFigures } from './seed';

export type Verdict = { limitMs: number; p95Ms: number | null; ratio: number | null; pass: boolean };

/** One measured call of one reader: the API's latency next to the plain SQL of the same rows. */
export type CallResult = {
  reader: string;
  call: string;
  /** The sites its requests picked from. */
  sites: string;
  api: LatencyFigures;
  floor: LatencyFigures;
  /** List: rows the filter matched (the answer's count); active-count/: the number answered. */
  matched: { min: number; max: number; mean: number };
  verdict: Verdict;
};

export type NotificationsBenchSummary = {
  date: string;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    database: string;
    commit: string | null;
    /** os.loadavg() (1, 5, 15 min) when the timed part started and ended: other work on the machine. */
    loadAverage: { before: number[]; after: number[] };
    /** Share of all cores busy while the calls were timed. */
    machineBusy: number | null;
  };
  options: {
    rows: number;
    sites: number;
    busySites: number;
    days: number;
    requests: number;
    warmup: number;
    reused: boolean;
  };
  seed: SeedFigures;
  calls: CallResult[];
  plans: PlanFacts[];
  /** The escalation tick over active alarms (issue 27); its verdict is part of target.pass. */
  escalation: EscalationTickResult;
  target: { limitMs: number; pass: boolean };
};

export function verdictOf(p95Ms: number | null, limitMs = LIMIT_P95_MS): Verdict {
  const ratio = p95Ms === null ? null : p95Ms / limitMs;
  return { limitMs, p95Ms, ratio, pass: ratio !== null && ratio < 1 };
}

const ms = (value: number | null) => (value === null ? 'n/a' : value.toFixed(1));
const num = (value: number) => Math.round(value).toLocaleString('en-US');
const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');

export function formatSummary(summary: NotificationsBenchSummary): string {
  const { machine, options, seed } = summary;
  const header = [
    `Notifications bench, ${summary.date}: ${machine.cpus} × ${machine.cpuModel}, ${machine.database}, Node ${machine.node}, commit ${machine.commit ?? '?'}`,
    `  log: ${num(seed.rows)} notifications over ${options.sites} sites (${options.busySites} busy) and ${options.days} days; table ${num(seed.tableMb)} MB, indexes ${num(seed.indexesMb)} MB`,
    `  seed${options.reused ? ' (earlier run, database reused)' : ''}: ${seed.insertSeconds.toFixed(0)} s (${num(seed.rowsPerSecond)} rows/s), VACUUM (ANALYZE) ${seed.vacuumSeconds.toFixed(0)} s`,
    `  load average ${load(machine.loadAverage.before)} before, ${load(machine.loadAverage.after)} after; machine busy ${machine.machineBusy === null ? 'n/a' : `${Math.round(machine.machineBusy * 100)} %`} while timed`,
    `  ${options.requests} timed requests each after ${options.warmup} warm-up, one at a time; SQL = the same rows looked up alone on one connection`,
    '',
    '| reader | call | sites | rows matched (min–max) | API p50 | API p95 | SQL p50 | SQL p95 | p95 ÷ 50 ms | verdict |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  const rows = summary.calls.map(
    (call) =>
      `| ${call.reader} | ${call.call} | ${call.sites} | ${num(call.matched.min)}–${num(call.matched.max)} | ${ms(call.api.p50Ms)} | ${ms(call.api.p95Ms)} | ${ms(call.floor.p50Ms)} | ${ms(call.floor.p95Ms)} | ${call.verdict.ratio === null ? 'n/a' : `${call.verdict.ratio.toFixed(2)} ×`} | ${call.verdict.pass ? 'PASS' : 'FAIL'} |`,
  );
  const plans = summary.plans.map(
    (plan) =>
      `  ${plan.query}: ${plan.scans.join(', ')}${plan.indexOnly ? '' : ' (NOT index-only)'}, heap fetches ${plan.heapFetches}, buffers hit ${plan.sharedHit} read ${plan.sharedRead}, ${plan.executionMs} ms`,
  );
  const verdicts = summary.calls.map(
    (call) =>
      `${call.verdict.pass ? 'PASS' : 'FAIL'}: ${call.reader}, ${call.call}: p95 ${ms(call.api.p95Ms)} ms ÷ ${call.verdict.limitMs} ms = ${call.verdict.ratio === null ? 'n/a' : call.verdict.ratio.toFixed(2)}`,
  );
  return [
    ...header,
    ...rows,
    '',
    'SQL plans (EXPLAIN ANALYZE, BUFFERS):',
    ...plans,
    '',
    ...formatEscalation(summary.escalation),
    '',
    ...verdicts,
  ].join('\n');
}

export async function writeSummary(summary: NotificationsBenchSummary, resultsDir: string): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const stamp = summary.date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
  const file = path.join(resultsDir, `notifications-${stamp}.json`);
  await writeFile(file, `${JSON.stringify(summary, null, 2)}\n`);
  return file;
}
