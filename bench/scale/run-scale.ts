import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateIdentities } from '@vigil/simulator';
import type pg from 'pg';
import { openBenchDatabase } from '../ingest/bench-database';
import { FeedObserver } from '../ingest/feed-observer';
import { LoadGenerator } from '../ingest/load-control';
import { provisionDevices, provisionSuperUsers, provisionUnits, signIn } from '../ingest/provision';
import { type Cleanup, feedDevices } from '../ingest/run-bench';
import { ensureBuild, type VigilServer } from '../ingest/vigil-process';
import { currentCommit } from '../measured-commit';
import { loadAverage, measureIdle } from './component-usage';
import { measureDashboardLoads } from './dashboard-load';
import { measureFrames } from './frames';
import { type SharedServices, scaleComponents, startInstance } from './instances';
import { devicesFor, peopleFor, type ScaleOptions } from './options';
import type { ScaleContext } from './scale-step';
import { type ConfigurationResult, searchConfiguration } from './search';
import { checkRedis, openBroker } from './services';
import { judgeRatio, type ScaleSummary, scaleStepLine, twoToOneRatio } from './summary';

const SEED = 1;
const BACKGROUND_SECONDS = 5;

const say = (line: string) => process.stdout.write(`${line}\n`);

/** Backends of the bench database and PostgreSQL's background processes, which serve every database. */
function benchPostgresPids(client: pg.Client): () => Promise<number[]> {
  return async () => {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() OR (datname IS NULL AND backend_type <> 'client backend')`,
    );
    return rows.map((row) => row.pid);
  };
}

/** One capacity search with the probe's live feeds spread over the configuration's instances. */
async function runConfiguration(
  base: Omit<ScaleContext, 'feeds' | 'components' | 'instances'>,
  instances: VigilServer[],
  components: (instances: VigilServer[]) => ScaleContext['components'],
  input: { udfIds: string[]; token: string; startDevices: number },
): Promise<ConfigurationResult> {
  const feeds = new FeedObserver();
  try {
    const watched = feedDevices(input.udfIds, input.startDevices, base.options.feeds);
    for (const [index, server] of instances.entries()) {
      const mine = watched.filter((_, i) => i % instances.length === index);
      await feeds.open(server.baseUrl, mine, input.token);
    }
    const context: ScaleContext = { ...base, instances, feeds, components: components(instances) };
    say(`\n${instances.length} instance(s): capacity search from ${input.startDevices} devices …`);
    return await searchConfiguration(context, input.startDevices, (step, index) =>
      say(scaleStepLine(step, `  step ${index}`)),
    );
  } finally {
    feeds.close();
  }
}

/** bench:scale end to end; every resource it opens is registered with `cleanup`. */
export async function runScale(options: ScaleOptions, cleanup: Cleanup): Promise<ScaleSummary> {
  const database = await openBenchDatabase(options.databaseUrl);
  cleanup.add(() => database.dispose());
  await checkRedis(options.redisUrl);
  const broker = await openBroker(options.mqttUrl, cleanup);
  const loadAverageBefore = await loadAverage();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vigil-scale-'));
  cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
  const env = { databaseUrl: database.url, dataDir };
  const identities = generateIdentities(options.maxDevices, ['F500'], SEED);
  const udfIds = identities.map((identity) => identity.udfId);
  const people = options.sockets > 0 ? peopleFor(options.sockets, 2) : 0;

  say(`Provisioning ${options.maxDevices} devices and ${people} people (${database.url}) …`);
  await provisionUnits(env, identities);
  ensureBuild();
  const extraPeople = await provisionSuperUsers(env, people);
  const services: SharedServices = {
    databaseUrl: database.url,
    redisUrl: options.redisUrl,
    mqttUrl: broker.url,
    runName: `bench-scale-${process.pid}`,
    consumers: options.mqttConsumers,
  };
  const first = await startInstance(services, dataDir, 1);
  cleanup.add(() => first.stop());
  const token = await provisionDevices(first.baseUrl, identities);
  const client = await database.connect();
  cleanup.add(() => client.end());
  const postgresPids = benchPostgresPids(client);
  const components = (instances: VigilServer[]) =>
    scaleComponents({ instances, benchPostgresPids: postgresPids, brokerPid: broker.pid });
  const load = await LoadGenerator.connect({
    brokerUrl: broker.url,
    identities,
    sensors: options.sensors,
    rate: options.rate,
    seed: SEED,
  });
  cleanup.add(() => load.kill());

  const background = await measureIdle(components([first]), BACKGROUND_SECONDS);

  const base = { options, client, load };
  const startDevices = devicesFor(options, options.start);
  const one = await runConfiguration(base, [first], components, { udfIds, token, startDevices });
  const second = await startInstance(services, dataDir, 2);
  cleanup.add(() => second.stop());
  const pair = [first, second];
  const two = await runConfiguration(base, pair, components, {
    udfIds,
    token,
    startDevices: one.capacity?.devices ?? startDevices,
  });

  let frames: ScaleSummary['frames'] = null;
  if (options.sockets > 0) {
    say(`\nBrowser frames: ${options.sockets} sockets over 2 instances, ${options.frameDevices} devices …`);
    const tokens = await Promise.all(extraPeople.map((p) => signIn(first.baseUrl, p.email, p.password)));
    frames = await measureFrames(
      {
        ...base,
        instances: pair,
        feeds: new FeedObserver(),
        components: [...components(pair), { name: 'bench (browsers)', pids: async () => [process.pid] }],
      },
      { devices: udfIds.slice(0, options.frameDevices), tokens, sockets: options.sockets },
    );
  }
  let dashboard: ScaleSummary['dashboard'] = null;
  if (options.dashboardLoads > 0) {
    say(`\nDashboard loads: ${options.dashboardLoads} on one instance, no ingest load …`);
    dashboard = await measureDashboardLoads({
      server: first,
      client,
      token,
      udfId: udfIds[0] ?? '',
      loads: options.dashboardLoads,
      postgresPids,
    });
  }
  load.kill();
  await Promise.all(pair.map((server) => server.stop()));

  const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
  const configurations = [one, two];
  const ratio = twoToOneRatio(configurations);
  const target = judgeRatio(ratio);
  const { databaseUrl: _url, resultsDir: _dir, ...shown } = options;
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? '?',
      node: process.version,
      database: `PostgreSQL ${rows[0]?.server_version ?? '?'}`,
      broker: broker.label,
      commit: currentCommit(),
      loadAverageBefore,
      loadAverageAfter: await loadAverage(),
    },
    options: shown,
    background,
    configurations,
    ratio,
    target,
    frames,
    dashboard,
    passed: target.pass,
  };
}
