import { describe, expect, it } from 'vitest';
import type { ApiRoute, ApiStep } from './summary';
import { formatApiSummary, meTarget, summariseRoutes } from './summary';

function step(route: ApiRoute, connections: number, requestsPerSecond: number, failed = 0): ApiStep {
  return {
    route,
    connections,
    requestsPerSecond,
    p50Ms: 1,
    p99Ms: 5,
    non2xx: failed,
    errors: 0,
    serverMsPerRequest: 0.5,
    databaseMsPerRequest: 0.2,
    machineBusy: 0.9,
  };
}

const steps = [
  step('healthz', 1, 1000),
  step('me', 1, 400),
  step('healthz', 10, 4000),
  step('me', 10, 1000),
  step('locations', 10, 2000),
];

describe('summariseRoutes', () => {
  it("compares each route's peak with the peak of /healthz, and each level with /healthz at that level", () => {
    const routes = summariseRoutes(steps, [1, 10]);
    expect(routes.map((route) => route.route)).toEqual(['healthz', 'me', 'locations']);
    const me = routes.find((route) => route.route === 'me');
    expect(me).toMatchObject({ peakRequestsPerSecond: 1000, peakConnections: 10, ratioToHealthz: 0.25 });
    expect(me?.ratioByConnections).toEqual([0.4, 0.25]);
    expect(routes.find((route) => route.route === 'locations')?.ratioByConnections).toEqual([null, 0.5]);
  });
});

describe('meTarget', () => {
  it('passes at 0.3 × /healthz and fails below', () => {
    expect(meTarget(summariseRoutes(steps, [1, 10]), 0.3)).toEqual({ ratio: 0.3, value: 0.25, pass: false });
    expect(meTarget(summariseRoutes(steps, [1, 10]), 0.25).pass).toBe(true);
  });

  it('fails when any me/ request was refused, however fast the rest', () => {
    const refused = [step('healthz', 10, 1000), step('me', 10, 900, 3)];
    expect(meTarget(summariseRoutes(refused, [10]), 0.3)).toEqual({ ratio: 0.3, value: 0.9, pass: false });
  });

  it('fails without a me/ step', () => {
    expect(meTarget(summariseRoutes([step('healthz', 1, 100)], [1]), 0.3).pass).toBe(false);
  });
});

describe('formatApiSummary', () => {
  it('prints every step with its ratio and the verdict', () => {
    const routes = summariseRoutes(steps, [1, 10]);
    const text = formatApiSummary({
      date: '2026-11-24T04:00:00.000Z',
      machine: { cpus: 2, cpuModel: 'test', node: 'v20', database: 'PostgreSQL 15', commit: 'abc' },
      options: { seconds: 10, warmup: 3, connections: [1, 10], sites: 3, devices: 30 },
      steps,
      routes,
      machineBusy: 0.9,
      target: meTarget(routes, 0.3),
    });
    expect(text).toMatch(/me\s+10\s+1,000 .* 0\.25/);
    expect(text).toContain('target me/ ≥ 0.3 × /healthz: 0.25 FAIL');
  });
});
