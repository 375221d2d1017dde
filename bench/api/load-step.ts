import autocannon from 'autocannon';
import type pg from 'pg';
import { costPerCall, sampleCost } from '../graphs/call-cost';
import { sampleUsage, usageBetween } from '../ingest/machine-usage';
import type { VigilServer } from '../ingest/vigil-process';
import type { ApiRoute, ApiStep } from './summary';

/** The URL of each measured route; the same paths the web app calls. */
export const ROUTE_PATHS: Record<ApiRoute, string> = {
  healthz: '/healthz',
  me: '/api/v1/me/',
  'devices/all': '/api/v1/devices/all/',
  locations: '/api/v1/locations/',
};

/** `tokens`: sessions of the bench user; requests take them in turn, every route alike (/healthz too). */
export type StepTarget = { server: VigilServer; tokens: readonly string[]; database: pg.ClientBase };

function load(target: StepTarget, route: ApiRoute, connections: number, seconds: number) {
  let turn = 0;
  return autocannon({
    url: `${target.server.baseUrl}${ROUTE_PATHS[route]}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          turn = (turn + 1) % target.tokens.length;
          const authorization = `JWT ${target.tokens[turn]}`;
          return { ...request, headers: { accept: 'application/json', authorization } };
        },
      },
    ],
  });
}

/** Unmeasured load on one route (JIT, connection pool, prepared statements). */
export async function warmUp(target: StepTarget, route: ApiRoute, seconds: number): Promise<void> {
  if (seconds > 0) {
    await load(target, route, 10, seconds);
  }
}

/** One route at one concurrency for a fixed time: answers per second, latency and CPU per answer. */
export async function runStep(
  target: StepTarget,
  route: ApiRoute,
  connections: number,
  seconds: number,
): Promise<ApiStep> {
  const [usageStart, costStart] = await Promise.all([
    sampleUsage(),
    sampleCost(target.server, target.database),
  ]);
  const result = await load(target, route, connections, seconds);
  const [usageEnd, costEnd] = await Promise.all([sampleUsage(), sampleCost(target.server, target.database)]);
  const answered = result['2xx'];
  const cost = costPerCall(costStart, costEnd, answered);
  return {
    route,
    connections,
    requestsPerSecond: answered / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    serverMsPerRequest: cost.serverMs,
    databaseMsPerRequest: cost.databaseMs,
    machineBusy:
      usageStart === null || usageEnd === null
        ? null
        : usageBetween(usageStart, usageEnd, seconds).machineBusy,
  };
}
