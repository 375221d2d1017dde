import { parseArgs } from 'node:util';
import { numberOption } from '@vigil/simulator';

export type ScaleOptions = {
  sensors: number;
  rate: number;
  /** Offered load of the one-instance search's first step, points per second. */
  start: number;
  maxDevices: number;
  growth: number;
  /** Measured window of each search step, and the warm-up before it (shorter than bench:ingest's 20 + 5). */
  stepSeconds: number;
  warmup: number;
  /** Steps at most per configuration (growth and bisection together). */
  maxSteps: number;
  /** Live feeds watched during the search, spread over the configuration's instances (latency probe). */
  feeds: number;
  /** Browser sockets of the frame measurement, spread over both instances; 0: not measured. */
  sockets: number;
  /** Devices those sockets watch (each publishing `rate` trees a second). */
  frameDevices: number;
  frameSeconds: number;
  /** Requests of the dashboard-load measurement; 0: not measured. */
  dashboardLoads: number;
  /** null: a throw-away database on the local PostgreSQL server. */
  databaseUrl: string | null;
  redisUrl: string;
  /** null: a private Mosquitto the bench starts on a free port (docs/decisions.md, issue 26). */
  mqttUrl: string | null;
  /** MQTT_CONSUMERS of every instance; null: the server's default (8). */
  mqttConsumers: number | null;
  resultsDir: string;
};

export const USAGE = `npm run bench:scale -- [--start POINTS_PER_S (5000)] [--max-devices N (1500)]
  [--growth 1.5] [--step-seconds 8] [--warmup 3] [--max-steps 7] [--sensors 100] [--rate 1] [--feeds 20]
  [--sockets N (1000; 0 skips)] [--frame-devices 20] [--frame-seconds 10] [--dashboard-loads N (200; 0 skips)]
  [--database-url postgres://…/empty_db] [--redis-url redis://127.0.0.1:6379]
  [--mqtt-url mqtt://127.0.0.1:1883 (default: a private Mosquitto)] [--mqtt-consumers N (the server's 8)]
  [--results-dir bench/results]`;

/** Live sockets one person may hold on one instance (LIVE_SOCKETS_PER_PERSON): the frame test signs in enough people. */
export const SOCKETS_PER_PERSON_PER_INSTANCE = 20;

const isPositiveInteger = (n: number) => Number.isInteger(n) && n > 0;
const isCount = (n: number) => Number.isInteger(n) && n >= 0;

function urlOption(name: string, raw: string | undefined, protocols: RegExp): string | null {
  if (raw === undefined) {
    return null;
  }
  if (!protocols.test(raw)) {
    throw new Error(`--${name}: unexpected URL '${raw}'`);
  }
  return raw;
}

/** Parses bench:scale's command line; throws with a readable message. */
export function parseScaleOptions(argv: string[]): ScaleOptions {
  const { values } = parseArgs({
    args: argv,
    options: Object.fromEntries(
      [
        'sensors',
        'rate',
        'start',
        'max-devices',
        'growth',
        'step-seconds',
        'warmup',
        'max-steps',
        'feeds',
        'sockets',
        'frame-devices',
        'frame-seconds',
        'dashboard-loads',
        'database-url',
        'redis-url',
        'mqtt-url',
        'mqtt-consumers',
        'results-dir',
      ].map((name) => [name, { type: 'string' as const }]),
    ),
    strict: true,
  });
  const sockets = numberOption('sockets', values.sockets, 1000, isCount);
  const options: ScaleOptions = {
    sensors: numberOption('sensors', values.sensors, 100, (n) => Number.isInteger(n) && n > 7),
    rate: numberOption('rate', values.rate, 1, (n) => n > 0 && n <= 50),
    start: numberOption('start', values.start, 5_000, (n) => n > 0),
    maxDevices: numberOption('max-devices', values['max-devices'], 1500, isPositiveInteger),
    growth: numberOption('growth', values.growth, 1.5, (n) => n > 1 && n <= 4),
    stepSeconds: numberOption('step-seconds', values['step-seconds'], 8, (n) => n >= 2),
    warmup: numberOption('warmup', values.warmup, 3, (n) => n >= 0),
    maxSteps: numberOption('max-steps', values['max-steps'], 7, (n) => Number.isInteger(n) && n >= 1),
    feeds: numberOption('feeds', values.feeds, 20, (n) => Number.isInteger(n) && n >= 2),
    sockets,
    frameDevices: numberOption('frame-devices', values['frame-devices'], 20, isPositiveInteger),
    frameSeconds: numberOption('frame-seconds', values['frame-seconds'], 10, (n) => n >= 2),
    dashboardLoads: numberOption('dashboard-loads', values['dashboard-loads'], 200, isCount),
    databaseUrl: urlOption('database-url', values['database-url'], /^postgres(ql)?:\/\//),
    redisUrl: urlOption('redis-url', values['redis-url'], /^rediss?:\/\//) ?? 'redis://127.0.0.1:6379',
    mqttUrl: urlOption('mqtt-url', values['mqtt-url'], /^mqtts?:\/\//),
    mqttConsumers:
      values['mqtt-consumers'] === undefined
        ? null
        : numberOption(
            'mqtt-consumers',
            values['mqtt-consumers'],
            8,
            (n) => Number.isInteger(n) && n >= 1 && n <= 64,
          ),
    resultsDir: values['results-dir'] ?? 'bench/results',
  };
  if (options.feeds > 2 * SOCKETS_PER_PERSON_PER_INSTANCE) {
    throw new Error(`--feeds: at most ${2 * SOCKETS_PER_PERSON_PER_INSTANCE} (one person's sockets)`);
  }
  return options;
}

/** Devices of the first step of a search offering `points` a second: at least one, at most the fleet. */
export function devicesFor(
  options: Pick<ScaleOptions, 'sensors' | 'rate' | 'maxDevices'>,
  points: number,
): number {
  return Math.min(options.maxDevices, Math.max(1, Math.round(points / (options.sensors * options.rate))));
}

/** People the frame test signs in: each may hold 20 sockets on each instance. */
export function peopleFor(sockets: number, instances: number): number {
  return Math.ceil(sockets / (SOCKETS_PER_PERSON_PER_INSTANCE * instances));
}
