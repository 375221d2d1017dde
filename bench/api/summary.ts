import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApiBenchOptions } from './options';

/** The routes measured, /healthz first: every ratio is to it. */
export const API_ROUTES = ['healthz', 'me', 'devices/all', 'locations'] as const;
export type ApiRoute = (typeof API_ROUTES)[number];

/** One route under one concurrency for a fixed time. */
export type ApiStep = {
  route: ApiRoute;
  connections: number;
  /** 2xx answers per second: a refused request is not served. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx, and connection errors or timeouts. */
  non2xx: number;
  errors: number;
  /** CPU milliseconds per answered request: the server's own, and the bench database's sessions. */
  serverMsPerRequest: number | null;
  databaseMsPerRequest: number | null;
  /** Share of all cores busy during the step (server, PostgreSQL, autocannon and anything else). */
  machineBusy: number | null;
};

/** A route at its best concurrency, and its ratio to /healthz at the best of each. */
export type ApiRouteSummary = {
  route: ApiRoute;
  peakRequestsPerSecond: number;
  peakConnections: number;
  p50Ms: number;
  p99Ms: number;
  ratioToHealthz: number | null;
  /** Ratio to /healthz at each concurrency, in the order of options.connections. */
  ratioByConnections: Array<number | null>;
  failedRequests: number;
};

export type ApiBenchSummary = {
  date: string;
  machine: { cpus: number; cpuModel: string; node: string; database: string; commit: string | null };
  options: Omit<ApiBenchOptions, 'databaseUrl' | 'resultsDir' | 'cpuProfileDir'>;
  steps: ApiStep[];
  routes: ApiRouteSummary[];
  /** Mean share of all cores busy over the measured steps. */
  machineBusy: number | null;
  target: { ratio: number; value: number | null; pass: boolean };
};

const ratioOf = (value: number, base: number | undefined) =>
  base === undefined || base <= 0 ? null : Math.round((value / base) * 1000) / 1000;

/** Each route's peak and its ratios to /healthz measured in the same run. */
export function summariseRoutes(
  steps: readonly ApiStep[],
  connections: readonly number[],
): ApiRouteSummary[] {
  const peakOf = (route: ApiRoute) =>
    steps
      .filter((step) => step.route === route)
      .reduce<ApiStep | undefined>(
        (best, step) => (best === undefined || step.requestsPerSecond > best.requestsPerSecond ? step : best),
        undefined,
      );
  const healthz = peakOf('healthz');
  const at = (route: ApiRoute, level: number) =>
    steps.find((step) => step.route === route && step.connections === level);
  return API_ROUTES.flatMap((route) => {
    const peak = peakOf(route);
    if (peak === undefined) {
      return [];
    }
    const failed = steps
      .filter((step) => step.route === route)
      .reduce((sum, step) => sum + step.non2xx + step.errors, 0);
    return [
      {
        route,
        peakRequestsPerSecond: peak.requestsPerSecond,
        peakConnections: peak.connections,
        p50Ms: peak.p50Ms,
        p99Ms: peak.p99Ms,
        ratioToHealthz: ratioOf(peak.requestsPerSecond, healthz?.requestsPerSecond),
        ratioByConnections: connections.map((level) => {
          const step = at(route, level);
          return step === undefined
            ? null
            : ratioOf(step.requestsPerSecond, at('healthz', level)?.requestsPerSecond);
        }),
        failedRequests: failed,
      },
    ];
  });
}

/** me/ must reach the target ratio with every request answered 2xx. */
export function meTarget(routes: readonly ApiRouteSummary[], ratio: number): ApiBenchSummary['target'] {
  const me = routes.find((route) => route.route === 'me');
  const value = me?.ratioToHealthz ?? null;
  return {
    ratio,
    value,
    pass: me !== undefined && value !== null && value >= ratio && me.failedRequests === 0,
  };
}

const count = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const cpu = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(3)} ms`);
const percent = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value * 100)} %`);
const ratio = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));

/** The printed report: every step, then each route's peak and ratio, then the verdict. */
export function formatApiSummary(summary: ApiBenchSummary): string {
  const { machine } = summary;
  const lines = [
    `API bench, ${summary.date}: ${machine.cpus} × ${machine.cpuModel}, ${machine.database}, Node ${machine.node}, commit ${machine.commit ?? '?'}`,
    `  ${summary.options.seconds} s per step after ${summary.options.warmup} s warm-up; ${summary.options.sites} sites, ${summary.options.devices} devices`,
    '',
    '  route         conns      req/s     p50      p99   CPU/req server  PostgreSQL  machine  ×healthz',
  ];
  const healthzAt = new Map(
    summary.steps.filter((step) => step.route === 'healthz').map((step) => [step.connections, step]),
  );
  for (const step of summary.steps) {
    const base = healthzAt.get(step.connections)?.requestsPerSecond;
    const failed = step.non2xx + step.errors > 0 ? `  (${step.non2xx} non-2xx, ${step.errors} errors)` : '';
    lines.push(
      `  ${step.route.padEnd(12)} ${String(step.connections).padStart(5)} ${count(step.requestsPerSecond).padStart(10)} ${ms(step.p50Ms).padStart(8)} ${ms(step.p99Ms).padStart(8)} ${cpu(step.serverMsPerRequest).padStart(14)} ${cpu(step.databaseMsPerRequest).padStart(11)} ${percent(step.machineBusy).padStart(8)} ${ratio(ratioOf(step.requestsPerSecond, base)).padStart(9)}${failed}`,
    );
  }
  lines.push('', '  peak per route (ratio to /healthz at its own peak):');
  for (const route of summary.routes) {
    lines.push(
      `  ${route.route.padEnd(12)} ${count(route.peakRequestsPerSecond).padStart(7)} req/s at ${route.peakConnections} connections, p50 ${ms(route.p50Ms)}, p99 ${ms(route.p99Ms)}, × healthz ${ratio(route.ratioToHealthz)}`,
    );
  }
  lines.push(
    `  machine busy over the steps: ${percent(summary.machineBusy)}`,
    `  target me/ ≥ ${summary.target.ratio} × /healthz: ${ratio(summary.target.value)} ${summary.target.pass ? 'PASS' : 'FAIL'}`,
  );
  return lines.join('\n');
}

/** Writes bench/results/api-<date>T<time>.json and returns its path. */
export async function writeApiSummary(summary: ApiBenchSummary, resultsDir: string): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const stamp = summary.date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
  const file = path.join(resultsDir, `api-${stamp}.json`);
  await writeFile(file, `${JSON.stringify(summary, null, 2)}\n`);
  return file;
}
