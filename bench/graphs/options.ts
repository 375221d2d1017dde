import { parseArgs } from 'node:util';
import { numberOption } from '@vigil/simulator';

export type GraphsBenchOptions = {
  devices: number;
  /** Sensors per device (one tree of them through the ingest, then their history). */
  sensors: number;
  /** Days of 1-minute history ending when the load starts. */
  days: number;
  /** Timed calls of each sequential measurement, after `warmup` untimed ones. */
  requests: number;
  warmup: number;
  /** Concurrent clients of each capacity step. */
  clients: number[];
  /** Length of each capacity step. */
  capacitySeconds: number;
  /** null: a throw-away database on the local PostgreSQL server, dropped at the end. */
  databaseUrl: string | null;
  /** Keep the throw-away database (and print its URL) for EXPLAIN ANALYZE or --reuse afterwards. */
  keep: boolean;
  /** A database an earlier `--keep` run loaded: measure it again without loading. */
  reuse: string | null;
  resultsDir: string;
  /** V8 CPU profile of the measured server (node --cpu-prof) into this directory; null: none. */
  cpuProfileDir: string | null;
};

export const USAGE = `npm run bench:graphs -- [--devices 10] [--sensors 100] [--days 30] [--requests 50] [--warmup 5]
  [--clients 1,2,4] [--capacity-seconds 15] [--database-url postgres://…/empty_db] [--keep | --reuse postgres://…/kept_db] [--results-dir bench/results]
  [--cpu-prof DIR (V8 CPU profile of the measured server)]`;

/** The target: p95 of the 30-day graph call under this many milliseconds. */
export const LIMIT_P95_MS = 150;
/** The graph call measured: the 30 Days tab. */
export const TIMESCALE = 'month';
export const TIMESCALE_DAYS = 30;
/** Raw readings are kept TELEMETRY_RETENTION_DAYS (35): older history would be dropped by the server. */
export const MAX_DAYS = 35;
/** The ingest refuses trees of more than 2,000 sensors. */
export const MAX_SENSORS = 2000;

const isPositiveInteger = (n: number) => Number.isInteger(n) && n > 0;

/** Parses the bench's command line; throws with a readable message. */
export function parseGraphsBenchOptions(argv: string[]): GraphsBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      devices: { type: 'string' },
      sensors: { type: 'string' },
      days: { type: 'string' },
      requests: { type: 'string' },
      warmup: { type: 'string' },
      clients: { type: 'string' },
      'capacity-seconds': { type: 'string' },
      'database-url': { type: 'string' },
      keep: { type: 'boolean' },
      reuse: { type: 'string' },
      'results-dir': { type: 'string' },
      'cpu-prof': { type: 'string' },
    },
    strict: true,
  });
  const databaseUrl = values['database-url'] ?? null;
  const reuse = values.reuse ?? null;
  for (const [name, url] of [
    ['database-url', databaseUrl],
    ['reuse', reuse],
  ] as const) {
    if (url !== null && !/^postgres(ql)?:\/\//.test(url)) {
      throw new Error(`--${name}: expected postgres://…, got '${url}'`);
    }
  }
  if (reuse !== null && (databaseUrl !== null || values.keep)) {
    throw new Error('--reuse measures a loaded database again: give it without --database-url or --keep');
  }
  const clients = (values.clients ?? '1,2,4').split(',').map((part) => part.trim());
  if (clients.some((part) => !/^\d+$/.test(part) || Number(part) < 1 || Number(part) > 64)) {
    throw new Error(`--clients: expected counts of 1..64 separated by commas, got '${values.clients}'`);
  }
  return {
    devices: numberOption('devices', values.devices, 10, (n) => isPositiveInteger(n) && n <= 1000),
    sensors: numberOption('sensors', values.sensors, 100, (n) => isPositiveInteger(n) && n <= MAX_SENSORS),
    days: numberOption('days', values.days, TIMESCALE_DAYS, (n) => isPositiveInteger(n) && n <= MAX_DAYS),
    requests: numberOption('requests', values.requests, 50, isPositiveInteger),
    warmup: numberOption('warmup', values.warmup, 5, (n) => Number.isInteger(n) && n >= 0),
    clients: clients.map(Number),
    capacitySeconds: numberOption('capacity-seconds', values['capacity-seconds'], 15, (n) => n > 0),
    databaseUrl,
    keep: values.keep ?? false,
    reuse,
    resultsDir: values['results-dir'] ?? 'bench/results',
    cpuProfileDir: values['cpu-prof'] ?? null,
  };
}

/** Raw points the load writes: one reading per sensor per minute. */
export function plannedPoints(options: Pick<GraphsBenchOptions, 'devices' | 'sensors' | 'days'>): number {
  return options.devices * options.sensors * options.days * 24 * 60;
}
