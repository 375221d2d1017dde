import { parseArgs } from 'node:util';
import { numberOption } from '@vigil/simulator';

export type BenchOptions = {
  devices: number;
  sensors: number;
  /** State trees per device per second. */
  rate: number;
  /** Length of the measured window. */
  seconds: number;
  /** Load before the measured window starts (connections warm, batches steady). */
  warmup: number;
  /** null: a throw-away database on the local PostgreSQL server, dropped at the end. */
  databaseUrl: string | null;
  /** The server's embedded PGlite instead of PostgreSQL (smaller runs; no COPY baseline). */
  pglite: boolean;
  /** Devices whose live feed a WebSocket client watches. */
  feeds: number;
  /** Rows per COPY transaction of the baseline; null: the offered rows of one server batch (250 ms). */
  copyBatchRows: number | null;
  /** Where the JSON summary goes. */
  resultsDir: string;
  /** Directory for V8 CPU profiles of the server and the load generator (node --cpu-prof); null: none. */
  cpuProfileDir: string | null;
};

export const USAGE = `npm run bench:ingest -- [--devices 1000] [--sensors 100] [--rate 1] [--seconds 60] [--warmup 10]
  [--database-url postgres://…/empty_db | --pglite] [--feeds 50] [--copy-batch-rows N] [--results-dir bench/results]
  [--cpu-prof DIR (V8 CPU profiles of the server and the load generator)]`;

/** The local server a throw-away database is created on when no --database-url is given. */
export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432';

/** Target of the issue: 1,000 devices × 100 sensors at 1 Hz, sustained for 60 s. */
export const TARGET_POINTS_PER_SECOND = 100_000;
/** Target of the issue: p99 publish-to-browser under this, in milliseconds. */
export const TARGET_BROWSER_P99_MS = 250;

const isPositiveInteger = (n: number) => Number.isInteger(n) && n > 0;

/** Parses the bench's command line; throws with a readable message. */
export function parseBenchOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      devices: { type: 'string' },
      sensors: { type: 'string' },
      rate: { type: 'string' },
      seconds: { type: 'string' },
      warmup: { type: 'string' },
      'database-url': { type: 'string' },
      pglite: { type: 'boolean' },
      feeds: { type: 'string' },
      'copy-batch-rows': { type: 'string' },
      'results-dir': { type: 'string' },
      'cpu-prof': { type: 'string' },
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
  const devices = numberOption('devices', values.devices, 1000, isPositiveInteger);
  const copyBatchRows = values['copy-batch-rows'];
  return {
    devices,
    // An F500 tree holds its 7 System State sensors plus at least one node sensor.
    sensors: numberOption('sensors', values.sensors, 100, (n) => Number.isInteger(n) && n > 7),
    rate: numberOption('rate', values.rate, 1, (n) => n > 0 && n <= 50),
    seconds: numberOption('seconds', values.seconds, 60, (n) => n > 0),
    warmup: numberOption('warmup', values.warmup, 10, (n) => n >= 0),
    databaseUrl,
    pglite: values.pglite ?? false,
    feeds: Math.min(
      devices,
      numberOption('feeds', values.feeds, 50, (n) => Number.isInteger(n) && n >= 0),
    ),
    copyBatchRows:
      copyBatchRows === undefined
        ? null
        : numberOption('copy-batch-rows', copyBatchRows, 0, isPositiveInteger),
    resultsDir: values['results-dir'] ?? 'bench/results',
    cpuProfileDir: values['cpu-prof'] ?? null,
  };
}

/** Offered load in data points per second. */
export function offeredPointsPerSecond(options: BenchOptions): number {
  return options.devices * options.sensors * options.rate;
}
