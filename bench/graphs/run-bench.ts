import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { GRAPH_TIMESCALE_SPAN_MS } from '@vigil/contracts';
import { type DeviceIdentity, generateIdentities } from '@vigil/simulator';
import type pg from 'pg';
import { openDatabase } from '../../packages/server/src/db/database';
import { openBenchDatabase } from '../ingest/bench-database';
import { sampleUsage, usageBetween } from '../ingest/machine-usage';
import { provisionDevices, provisionUnits } from '../ingest/provision';
import type { Cleanup } from '../ingest/run-bench';
import { fetchServerMetrics } from '../ingest/server-metrics';
import { startVigilServer, type VigilEnv, type VigilServer } from '../ingest/vigil-process';
import { callGraph, closedLoop, getJson, graphPath, postTree, sequential, timeCount } from './graph-calls';
import { type HistoryDevice, type HistoryPlan, loadHistory } from './history-load';
import { DAY_MINUTES, MINUTE_MS, readingAt } from './history-values';
import { type GraphsBenchOptions, LIMIT_P95_MS, TIMESCALE } from './options';
import {
  checkGraphPayload,
  expectedPayload,
  type PayloadExpectation,
  type PayloadFacts,
} from './payload-check';
import { benchStateTree, type PlannedSensor, plannedSensorId, planSensors } from './sensor-plan';
import { type CapacityStep, type GraphsBenchSummary, latencyFigures, ratioOf, verdictOf } from './summary';

const SEED = 1;
type Say = (line: string) => void;

/** A bench device as measured: its API id, its place in the fleet and its `sensors` keys. */
type BenchDevice = { id: number; identity: DeviceIdentity; history: HistoryDevice };

/** The commit measured, `-dirty` when the working tree had changes. */
function currentCommit(): string | null {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const changes = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    });
    return changes.trim() === '' ? commit : `${commit}-dirty`;
  } catch {
    return null;
  }
}

/** One tree per device through the HTTP ingest, with the readings of its history's minute `at`. */
async function sendTrees(
  server: VigilServer,
  identities: DeviceIdentity[],
  sensors: PlannedSensor[],
  at: Date,
): Promise<void> {
  const minute = Math.floor(at.getTime() / MINUTE_MS);
  for (const [position, identity] of identities.entries()) {
    const tree = benchStateTree(identity, sensors, (sensor) => readingAt(position, sensor, minute), at);
    await postTree(server.baseUrl, identity, JSON.stringify(tree));
  }
}

/** The devices' API ids and the `sensors` keys the ingest gave their sensors. */
async function findDevices(
  server: VigilServer,
  token: string,
  client: pg.ClientBase,
  identities: DeviceIdentity[],
  sensors: PlannedSensor[],
): Promise<BenchDevice[]> {
  const listed = await getJson<{ results: Array<{ id: number; udf_id: string }> }>(
    server.baseUrl,
    token,
    `devices/all/?limit=${identities.length}`,
  );
  const { rows } = await client.query<{ id: number; device_id: number; sensor_id: string }>(
    'select id, device_id, sensor_id from sensors where device_id = any($1::int[])',
    [listed.results.map((device) => device.id)],
  );
  const keys = new Map(rows.map((row) => [`${row.device_id}/${row.sensor_id}`, row.id]));
  return identities.map((identity, position) => {
    const id = listed.results.find((device) => device.udf_id === identity.udfId)?.id;
    if (id === undefined) {
      throw new Error(`device ${identity.udfId} is not listed by devices/all/`);
    }
    return {
      id,
      identity,
      history: {
        position,
        sensors: sensors.map((sensor) => {
          const key = keys.get(`${id}/${plannedSensorId(identity.udfId, sensor)}`);
          if (key === undefined) {
            throw new Error(`the ingest made no sensors row for ${plannedSensorId(identity.udfId, sensor)}`);
          }
          return { key, sensor };
        }),
      },
    };
  });
}

/** Calls the graph of a device and checks the answer; throws loudly when it is not a full, right payload. */
async function checkedGraph(
  server: VigilServer,
  token: string,
  device: BenchDevice,
  expected: PayloadExpectation,
): Promise<{ ms: number; body: Buffer; facts: PayloadFacts }> {
  const answer = await callGraph(server.baseUrl, token, device.id);
  if (answer.status !== 200) {
    throw new Error(
      `GET ${graphPath(device.id)} answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`,
    );
  }
  const { facts, problems } = checkGraphPayload(JSON.parse(answer.body.toString('utf8')), expected);
  if (problems.length > 0) {
    throw new Error(
      `the graph payload of ${device.identity.udfId} is wrong (${answer.body.length} bytes):\n  - ${problems.join('\n  - ')}`,
    );
  }
  return { ms: answer.ms, body: answer.body, facts };
}

async function capacityStep(
  server: VigilServer,
  token: string,
  devices: BenchDevice[],
  clients: number,
  seconds: number,
): Promise<CapacityStep> {
  const [metricsStart, usageStart] = await Promise.all([fetchServerMetrics(server), sampleUsage()]);
  const calls = await closedLoop(clients, seconds, async (client, i) => {
    const device = devices[(client + i * clients) % devices.length] as BenchDevice;
    const answer = await callGraph(server.baseUrl, token, device.id);
    return { ms: answer.ms, ok: answer.status === 200 && answer.body.length > 0 };
  });
  const [metricsEnd, usageEnd] = await Promise.all([fetchServerMetrics(server), sampleUsage()]);
  const usage =
    usageStart === null || usageEnd === null
      ? null
      : usageBetween(usageStart, usageEnd, calls.elapsedSeconds);
  return {
    clients,
    seconds,
    requests: calls.latenciesMs.length,
    errors: calls.errors,
    perSecond: calls.latenciesMs.length / calls.elapsedSeconds,
    latency: latencyFigures(calls.latenciesMs),
    serverCores:
      metricsStart.cpuSeconds === null || metricsEnd.cpuSeconds === null
        ? null
        : (metricsEnd.cpuSeconds - metricsStart.cpuSeconds) / calls.elapsedSeconds,
    postgresCores: usage?.postgresCores ?? null,
    machineBusy: usage?.machineBusy ?? null,
  };
}

/** One run end to end; every resource it opens is registered with `cleanup`. */
export async function runGraphsBench(
  options: GraphsBenchOptions,
  cleanup: Cleanup,
  say: Say,
): Promise<GraphsBenchSummary> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vigil-bench-graphs-'));
  cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
  const database = await openBenchDatabase(options.databaseUrl);
  if (database.isThrowAway && !options.keep) {
    cleanup.add(() => database.dispose());
  }
  const env: VigilEnv = { databaseUrl: database.url, dataDir };
  const identities = generateIdentities(options.devices, ['F500'], SEED);
  const sensors = planSensors(options.sensors);

  say(
    `Provisioning ${options.devices} devices on ${database.url}${options.keep ? ' (kept at the end)' : ''} …`,
  );
  await provisionUnits(env, identities);
  let server = await startVigilServer(env);
  cleanup.add(() => server.stop());
  const token = await provisionDevices(server.baseUrl, identities);
  const treeAt = new Date();
  await sendTrees(server, identities, sensors, treeAt);
  const client = await database.connect();
  cleanup.add(() => client.end());
  const devices = await findDevices(server, token, client, identities, sensors);
  // The roll-up job must not run while the history is written: it would roll up minutes half loaded.
  await server.stop();

  const toMinute = Math.floor(treeAt.getTime() / MINUTE_MS);
  const plan: HistoryPlan = {
    devices: devices.map((device) => device.history),
    fromMinute: toMinute - options.days * DAY_MINUTES,
    toMinute,
  };
  say(`Loading ${options.days} days of 1-minute history (server stopped) …`);
  const loadStarted = performance.now();
  const storage = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
  const load = await loadHistory(storage.db, client, plan, say).finally(() => storage.close());
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  server = await startVigilServer(env);
  // A live device: its newest tree arrives now, after the load.
  await sendTrees(server, identities, sensors, new Date());
  const nowMs = Date.now();
  const range = { nowMs, rangeMs: GRAPH_TIMESCALE_SPAN_MS[TIMESCALE] };
  const expectations = devices.map((device) =>
    expectedPayload(
      { udfId: device.identity.udfId, position: device.history.position },
      sensors,
      plan,
      range,
    ),
  );
  const [first] = devices as [BenchDevice];
  const firstExpected = expectations[0] as PayloadExpectation;

  say(
    `Graph call ${graphPath(first.id)}: ${options.warmup} warm-up, ${options.requests} timed, one device …`,
  );
  let sample: { body: Buffer; facts: PayloadFacts } | undefined;
  const oneDevice = await sequential(options.requests, options.warmup, async () => {
    const answer = await checkedGraph(server, token, first, firstExpected);
    sample ??= answer;
    return answer.ms;
  });
  say(`… the same over the ${devices.length} devices in turn …`);
  const spread = await sequential(options.requests, options.warmup, async (i) => {
    const at = i % devices.length;
    const expected = expectations[at] as PayloadExpectation;
    return (await checkedGraph(server, token, devices[at] as BenchDevice, expected)).ms;
  });
  say("… and count(*) of the first device's raw rows of 30 days …");
  const keys = first.history.sensors.map((sensor) => sensor.key);
  const counts = await sequential(options.requests, options.warmup, () => timeCount(client, keys));
  const capacity: CapacityStep[] = [];
  for (const clients of options.clients) {
    say(`Capacity: ${clients} client${clients === 1 ? '' : 's'} for ${options.capacitySeconds} s …`);
    capacity.push(await capacityStep(server, token, devices, clients, options.capacitySeconds));
  }
  await server.stop();

  const { rows: version } = await client.query<{ server_version: string }>('SHOW server_version');
  const graphOneDevice = latencyFigures(oneDevice);
  const countQuery = latencyFigures(counts.map((count) => count.ms));
  const { databaseUrl: _url, resultsDir: _dir, keep: _keep, ...shown } = options;
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? '?',
      node: process.version,
      database: `PostgreSQL ${version[0]?.server_version ?? '?'}`,
      commit: currentCommit(),
    },
    options: shown,
    load: { ...load, seconds: loadSeconds },
    payload: {
      ...(sample?.facts ?? checkGraphPayload(null, firstExpected).facts),
      bytes: sample?.body.length ?? 0,
      gzipBytes: sample === undefined ? 0 : gzipSync(sample.body).length,
    },
    graphOneDevice,
    graphSpread: latencyFigures(spread),
    countQuery: { ...countQuery, rows: counts[0]?.rows ?? 0 },
    graphToCount: ratioOf(graphOneDevice.p95Ms, countQuery.p95Ms),
    capacity,
    target: verdictOf(graphOneDevice.p95Ms, LIMIT_P95_MS),
  };
}
