import { parseArgs } from 'node:util';
import { numberOption } from '@vigil/simulator';

export type BenchOptions = {
  sensors: number;
  /** State trees per device per second; a step's load is a number of devices at this rate. */
  rate: number;
  /** Offered load of the first step, points per second. */
  start: number;
  /** Devices provisioned: the search offers at most this many (connected as steps need them). */
  maxDevices: number;
  /** Factor between steps while every step holds. */
  growth: number;
  /** Measured window of each search step. */
  stepSeconds: number;
  /** Load before each measured window (connections warm, batches steady). */
  warmup: number;
  /** Measured window of the final run at 80 % of capacity; 0: no final run. */
  finalSeconds: number;
  /** null: a throw-away database on the local PostgreSQL server, dropped at the end. */
  databaseUrl: string | null;
  /** The server's embedded PGlite instead of PostgreSQL (no COPY baseline; event-loop lag judged). */
  pglite: boolean;
  /** Devices whose live feed a WebSocket client watches (among the first step's devices). */
  feeds: number;
  /** Rows per COPY transaction of the baseline; null: capacity's rows of one 250 ms server batch. */
  copyBatchRows: number | null;
  /** Where the JSON summary goes. */
  resultsDir: string;
  /** Directory for V8 CPU profiles of the server and the load generator (node --cpu-prof); null: none. */
  cpuProfileDir: string | null;
  /** PostgreSQL: after the COPY baseline, search the receiving floor (receive-floor.ts); false with --skip-floor. */
  receiveFloor: boolean;
};

export const USAGE = `npm run bench:ingest -- [--pglite | --database-url postgres://…/empty_db]
  [--start POINTS_PER_S (20000; PGlite 5000)] [--max-devices N (2500; PGlite 600)] [--growth 1.5]
  [--step-seconds 20] [--warmup 5] [--final-seconds 60] [--sensors 100] [--rate 1] [--feeds 50]
  [--copy-batch-rows N] [--results-dir bench/results] [--cpu-prof DIR] [--skip-floor]`;

/** The local server a throw-away database is created on when no --database-url is given. */
export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432';

/** Issue 11: PostgreSQL capacity at least this share of a raw COPY of the same rows (stretch 0.8). */
export const TARGET_COPY_SHARE = 0.6;
export const STRETCH_COPY_SHARE = 0.8;
/** Issue 11: the final run offers this share of the capacity found. */
export const FINAL_SHARE = 0.8;
/** Issue 11, at 80 % of capacity: p99 publish → stored and publish → browser under these (ms). */
export const TARGET_STORED_P99_MS = 1000;
export const TARGET_BROWSER_P99_MS = 250;
/** Issue 11: PGlite capacity at least this (200 devices × 100 sensors at 1 Hz), with lag p99 under 100 ms. */
export const TARGET_PGLITE_POINTS_PER_SECOND = 20_000;
export const TARGET_PGLITE_LAG_P99_MS = 100;

const isPositiveInteger = (n: number) => Number.isInteger(n) && n > 0;

/** Parses the bench's command line; throws with a readable message. */
export function parseBenchOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      sensors: { type: 'string' },
      rate: { type: 'string' },
      start: { type: 'string' },
      'max-devices': { type: 'string' },
      growth: { type: 'string' },
      'step-seconds': { type: 'string' },
      warmup: { type: 'string' },
      'final-seconds': { type: 'string' },
      'database-url': { type: 'string' },
      pglite: { type: 'boolean' },
      feeds: { type: 'string' },
      'copy-batch-rows': { type: 'string' },
      'results-dir': { type: 'string' },
      'cpu-prof': { type: 'string' },
      'skip-floor': { type: 'boolean' },
    },
    strict: true,
  });
  if (values.pglite && values['database-url'] !== undefined) {
    throw new Error('give either --database-url or --pglite, not both');
  }
  const databaseUrl = values['database-url'] ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(`--database-url: expected postgres://…, got '${databaseUrl}'`);
  }
  const pglite = values.pglite ?? false;
  const copyBatchRows = values['copy-batch-rows'];
  return {
    // An F500 tree holds its 7 System State sensors plus at least one node sensor.
    sensors: numberOption('sensors', values.sensors, 100, (n) => Number.isInteger(n) && n > 7),
    rate: numberOption('rate', values.rate, 1, (n) => n > 0 && n <= 50),
    start: numberOption('start', values.start, pglite ? 5_000 : 20_000, (n) => n > 0),
    maxDevices: numberOption('max-devices', values['max-devices'], pglite ? 600 : 2500, isPositiveInteger),
    growth: numberOption('growth', values.growth, 1.5, (n) => n > 1 && n <= 4),
    stepSeconds: numberOption('step-seconds', values['step-seconds'], 20, (n) => n >= 2),
    warmup: numberOption('warmup', values.warmup, 5, (n) => n >= 0),
    finalSeconds: numberOption('final-seconds', values['final-seconds'], 60, (n) => n >= 0),
    databaseUrl,
    pglite,
    feeds: numberOption('feeds', values.feeds, 50, (n) => Number.isInteger(n) && n >= 0),
    copyBatchRows:
      copyBatchRows === undefined
        ? null
        : numberOption('copy-batch-rows', copyBatchRows, 0, isPositiveInteger),
    resultsDir: values['results-dir'] ?? 'bench/results',
    cpuProfileDir: values['cpu-prof'] ?? null,
    receiveFloor: !pglite && !(values['skip-floor'] ?? false),
  };
}

/** Points per second one device offers. */
export function pointsPerDevice(options: Pick<BenchOptions, 'sensors' | 'rate'>): number {
  return options.sensors * options.rate;
}

/** Devices of the first step: the start load in whole devices, at least one, at most the fleet. */
export function startDevices(options: BenchOptions): number {
  return Math.min(options.maxDevices, Math.max(1, Math.round(options.start / pointsPerDevice(options))));
}
