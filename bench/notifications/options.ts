import { parseArgs } from 'node:util';
import { numberOption } from '@vigil/simulator';

export type NotificationsBenchOptions = {
  /** Notifications seeded into the log. */
  rows: number;
  /** Sites they happen at (a tenth of them busy: page 200 of a 30-day range exists there). */
  sites: number;
  /** Days of history, ending when the seed starts. */
  days: number;
  /** Timed calls of each measurement, one after another, after `warmup` untimed ones. */
  requests: number;
  warmup: number;
  /** Active unacknowledged alarms whose escalation level 1 the engine's ticks settle (issue 27). */
  escalationAlarms: number;
  /** null: a throw-away database on the local PostgreSQL server, dropped at the end. */
  databaseUrl: string | null;
  /** Keep the throw-away database (its URL is printed) for --reuse and EXPLAIN afterwards. */
  keep: boolean;
  /** A database an earlier `--keep` run seeded: measure it again without seeding. */
  reuse: string | null;
  resultsDir: string;
};

export const USAGE = `npm run bench:notifications -- [--rows 5000000] [--sites 200] [--days 180] [--requests 200] [--warmup 20]
  [--escalation-alarms 10000]  [--database-url postgres://…/empty_db] [--keep | --reuse postgres://…/kept_db] [--results-dir bench/results]`;

/** The target: p95 of each measured call under this many milliseconds. */
export const LIMIT_P95_MS = 50;
/** Active unacknowledged alarms of the escalation tick (issue 27: 10,000). */
export const ESCALATION_ALARMS = 10_000;
/** The log's page as the page asks for it, and the deep page measured (offset 4,975). */
export const PAGE_SIZE = 25;
export const DEEP_PAGE = 200;
/** The filter's date range: the longest the log allows (NOTIFICATIONS_RANGE_DAYS). */
export const RANGE_DAYS = 30;

const isPositiveInteger = (n: number) => Number.isInteger(n) && n > 0;

/** Parses the bench's command line; throws with a readable message. */
export function parseNotificationsBenchOptions(argv: string[]): NotificationsBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      rows: { type: 'string' },
      sites: { type: 'string' },
      days: { type: 'string' },
      requests: { type: 'string' },
      warmup: { type: 'string' },
      'escalation-alarms': { type: 'string' },
      'database-url': { type: 'string' },
      keep: { type: 'boolean' },
      reuse: { type: 'string' },
      'results-dir': { type: 'string' },
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
    throw new Error('--reuse measures a seeded database again: give it without --database-url or --keep');
  }
  return {
    rows: numberOption('rows', values.rows, 5_000_000, (n) => isPositiveInteger(n) && n >= 10_000),
    sites: numberOption('sites', values.sites, 200, (n) => isPositiveInteger(n) && n >= 10 && n <= 10_000),
    days: numberOption('days', values.days, 180, (n) => isPositiveInteger(n) && n > RANGE_DAYS && n <= 3650),
    requests: numberOption('requests', values.requests, 200, isPositiveInteger),
    warmup: numberOption('warmup', values.warmup, 20, (n) => Number.isInteger(n) && n >= 0),
    escalationAlarms: numberOption(
      'escalation-alarms',
      values['escalation-alarms'],
      ESCALATION_ALARMS,
      isPositiveInteger,
    ),
    databaseUrl,
    keep: values.keep ?? false,
    reuse,
    resultsDir: values['results-dir'] ?? 'bench/results',
  };
}
