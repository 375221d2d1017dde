import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { openBenchDatabase } from '../ingest/bench-database';
import { sampleUsage, usageBetween } from '../ingest/machine-usage';
import type { Cleanup } from '../ingest/run-bench';
import { startVigilServer, type VigilEnv } from '../ingest/vigil-process';
import { currentCommit } from '../measured-commit';
import { type Reader, SITE_MANAGER, SUPER_USER, signIn } from './calls';
import { measureEscalationTick } from './escalation-tick';
import { explainFloor, explainUnread, type PlanFacts } from './explain';
import { measureActiveCount, measureList, readStates, type SignedIn } from './measure';
import { DEEP_PAGE, LIMIT_P95_MS, type NotificationsBenchOptions, PAGE_SIZE } from './options';
import { reuseSeed, type SeedRecord, seedLog } from './seed';
import { randomRange, seededRandom } from './site-plan';
import type { CallResult, NotificationsBenchSummary } from './summary';

type Say = (line: string) => void;
const SEED = 12;

async function signedIn(
  baseUrl: string,
  client: pg.ClientBase,
  reader: Reader,
  sites: number[] | null,
): Promise<SignedIn> {
  const token = await signIn(baseUrl, reader);
  const { rows } = await client.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
    reader.email,
  ]);
  return { reader, token, userId: rows[0]?.id ?? 0, sites };
}

/** EXPLAIN of a page-1 and a page-200 lookup of the manager's (busy) site, and of active-count/'s query. */
async function plansOf(client: pg.ClientBase, seed: SeedRecord, readers: SignedIn[]): Promise<PlanFacts[]> {
  const range = randomRange(seededRandom(SEED + 1), seed.fromMs, seed.toMs);
  const plans = [
    await explainFloor(client, 'index lookup, page 1', { site: seed.managerSiteId, range, offset: 0 }),
    await explainFloor(client, `index lookup, page ${DEEP_PAGE}`, {
      site: seed.managerSiteId,
      range,
      offset: (DEEP_PAGE - 1) * PAGE_SIZE,
    }),
  ];
  for (const who of readers) {
    for (const state of await readStates(client, seed)) {
      plans.push(
        await explainUnread(client, `unread count, ${who.reader.name}, ${state.name}`, state, who.sites),
      );
    }
  }
  return plans;
}

/** One run end to end; every resource it opens is registered with `cleanup`. */
export async function runNotificationsBench(
  options: NotificationsBenchOptions,
  cleanup: Cleanup,
  say: Say,
): Promise<NotificationsBenchSummary> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vigil-bench-notifications-'));
  cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
  const database = await openBenchDatabase(options.reuse ?? options.databaseUrl);
  if (database.isThrowAway && !options.keep) {
    cleanup.add(() => database.dispose());
  }
  const env: VigilEnv = { databaseUrl: database.url, dataDir };
  const client = await database.connect();
  cleanup.add(() => client.end());
  let seed: SeedRecord;
  if (options.reuse === null) {
    const kept = options.keep && database.isThrowAway ? ' (kept at the end)' : '';
    say(`Provisioning ${options.sites} sites on ${database.url}${kept} …`);
    seed = await seedLog(database, env, client, options, say);
  } else {
    seed = await reuseSeed(client);
    say(
      `Reusing ${database.url}: ${seed.load.rows.toLocaleString('en-US')} notifications over ${seed.sites.length} sites, seeded earlier`,
    );
  }

  // The real server on the seeded database (it applies any newer migration); its projector finds nothing to do.
  const server = await startVigilServer(env);
  cleanup.add(() => server.stop());
  const readers = [
    await signedIn(server.baseUrl, client, SUPER_USER, null),
    await signedIn(server.baseUrl, client, SITE_MANAGER, [seed.managerSiteId]),
  ];
  const random = seededRandom(SEED);
  const states = await readStates(client, seed);
  const loadBefore = os.loadavg();
  const usageStart = await sampleUsage();
  const started = performance.now();
  const calls: CallResult[] = [];
  const note = (result: CallResult) => {
    calls.push(result);
    say(
      `  ${result.reader}, ${result.call}: API p50 ${result.api.p50Ms} / p95 ${result.api.p95Ms} ms, SQL p50 ${result.floor.p50Ms} / p95 ${result.floor.p95Ms} ms`,
    );
  };
  for (const who of readers) {
    say(
      `${who.reader.name}: ${options.warmup} warm-up and ${options.requests} timed requests of each call …`,
    );
    note(await measureList(server.baseUrl, who, client, seed, 1, options, random));
    note(await measureList(server.baseUrl, who, client, seed, DEEP_PAGE, options, random));
    for (const state of states) {
      note(await measureActiveCount(server.baseUrl, who, client, state, options));
    }
  }
  const usageEnd = await sampleUsage();
  const loadAfter = os.loadavg();
  const seconds = (performance.now() - started) / 1000;
  await server.stop();
  const plans = await plansOf(client, seed, readers);
  // After the server stopped: its own engine would claim the steps (the bench's engine is the only one ticking).
  const escalation = await measureEscalationTick(database.url, client, seed, options.escalationAlarms, say);
  if (options.keep && database.isThrowAway) {
    say(`Kept ${database.url}: measure it again with --reuse ${database.url}`);
  }

  const { rows: version } = await client.query<{ server_version: string }>('SHOW server_version');
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? '?',
      node: process.version,
      database: `PostgreSQL ${version[0]?.server_version ?? '?'}`,
      commit: currentCommit(),
      loadAverage: { before: loadBefore, after: loadAfter },
      machineBusy:
        usageStart === null || usageEnd === null
          ? null
          : usageBetween(usageStart, usageEnd, seconds).machineBusy,
    },
    options: {
      rows: seed.load.rows,
      sites: seed.sites.length,
      busySites: seed.sites.filter((site) => site.busy).length,
      days: Math.round((seed.toMs - seed.fromMs) / 86_400_000),
      requests: options.requests,
      warmup: options.warmup,
      reused: options.reuse !== null,
    },
    seed: seed.load,
    calls,
    plans,
    escalation,
    target: {
      limitMs: LIMIT_P95_MS,
      pass: calls.every((call) => call.verdict.pass) && escalation.verdict.pass,
    },
  };
}
