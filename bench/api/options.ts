import { parseArgs } from 'node:util';
import { numberOption } from '@vigil/simulator';

export type ApiBenchOptions = {
  /** Length of each measured step (one route at one concurrency), in seconds. */
  seconds: number;
  /** Unmeasured load on every route before the first step (JIT warm, pools filled). */
  warmup: number;
  /** Open connections of each step, in increasing order. */
  connections: number[];
  /** Sites of the bench user, and devices spread over them. */
  sites: number;
  devices: number;
  /** null: a throw-away database on the local PostgreSQL server, dropped at the end. */
  databaseUrl: string | null;
  resultsDir: string;
  /** Directory for a V8 CPU profile of the server (node --cpu-prof); null: none. */
  cpuProfileDir: string | null;
};

export const USAGE = `npm run bench:api -- [--seconds 10] [--warmup 3] [--connections 1,10,50]
  [--sites 3] [--devices 30] [--database-url postgres://…/empty_db] [--results-dir bench/results]
  [--cpu-prof DIR (a V8 CPU profile of the server)]`;

/** Target of issue 11: me/ answers at least this share of /healthz's requests/s. */
export const TARGET_ME_RATIO = 0.3;

const isPositiveInteger = (n: number) => Number.isInteger(n) && n > 0;

function parseConnections(value: string | undefined): number[] {
  if (value === undefined) {
    return [1, 10, 50];
  }
  const levels = value.split(',').map((part) => Number(part.trim()));
  if (levels.length === 0 || !levels.every((n) => isPositiveInteger(n) && n <= 1000)) {
    throw new Error(`--connections: expected a comma-separated list of 1..1000, got '${value}'`);
  }
  return [...new Set(levels)].sort((a, b) => a - b);
}

/** Parses the bench's command line; throws with a readable message. */
export function parseApiBenchOptions(argv: string[]): ApiBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      seconds: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      sites: { type: 'string' },
      devices: { type: 'string' },
      'database-url': { type: 'string' },
      'results-dir': { type: 'string' },
      'cpu-prof': { type: 'string' },
    },
    strict: true,
  });
  const databaseUrl = values['database-url'] ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(`--database-url: expected postgres://…, got '${databaseUrl}'`);
  }
  const sites = numberOption('sites', values.sites, 3, isPositiveInteger);
  return {
    seconds: numberOption('seconds', values.seconds, 10, isPositiveInteger),
    warmup: numberOption('warmup', values.warmup, 3, (n) => Number.isInteger(n) && n >= 0),
    connections: parseConnections(values.connections),
    sites,
    devices: numberOption('devices', values.devices, 30, (n) => Number.isInteger(n) && n >= sites),
    databaseUrl,
    resultsDir: values['results-dir'] ?? 'bench/results',
    cpuProfileDir: values['cpu-prof'] ?? null,
  };
}
