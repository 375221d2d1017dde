import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GRAPH_TIMESCALE_SPAN_MS } from '@vigil/contracts';
import { openBenchDatabase } from '../ingest/bench-database';
import type { Cleanup } from '../ingest/run-bench';
import { cpuProfileArgs, startVigilServer, type VigilEnv } from '../ingest/vigil-process';
import { currentCommit } from '../measured-commit';
import { findDevices, prepareFleet, reuseFleet, sendTrees } from './fleet';
import { login } from './graph-calls';
import { DAY_MINUTES } from './history-values';
import { measureGraphs } from './measure';
import { type GraphsBenchOptions, LIMIT_P95_MS, TIMESCALE } from './options';
import { expectedPayload } from './payload-check';
import { type GraphsBenchSummary, ratioOf, verdictOf } from './summary';

type Say = (line: string) => void;

/** One run end to end; every resource it opens is registered with `cleanup`. */
export async function runGraphsBench(
  options: GraphsBenchOptions,
  cleanup: Cleanup,
  say: Say,
): Promise<GraphsBenchSummary> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vigil-bench-graphs-'));
  cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
  const database = await openBenchDatabase(options.reuse ?? options.databaseUrl);
  if (database.isThrowAway && !options.keep) {
    cleanup.add(() => database.dispose());
  }
  const env: VigilEnv = { databaseUrl: database.url, dataDir };
  const client = await database.connect();
  cleanup.add(() => client.end());
  let fleet: Awaited<ReturnType<typeof reuseFleet>>;
  if (options.reuse === null) {
    const kept = options.keep && database.isThrowAway ? ' (kept at the end)' : '';
    say(`Provisioning ${options.devices} devices on ${database.url}${kept} …`);
    fleet = await prepareFleet(database, env, client, options, say);
  } else {
    fleet = await reuseFleet(client);
    const days = Math.round((fleet.history.toMinute - fleet.history.fromMinute) / DAY_MINUTES);
    say(
      `Reusing ${database.url}: ${fleet.identities.length} devices × ${fleet.sensors.length} sensors × ${days} days, loaded earlier`,
    );
  }

  const server = await startVigilServer(env, cpuProfileArgs(options.cpuProfileDir, 'server'));
  cleanup.add(() => server.stop());
  const token = await login(server.baseUrl);
  const devices = await findDevices(server, token, client, fleet);
  // A live device: its newest tree arrives now.
  await sendTrees(server, fleet, new Date());
  const range = { nowMs: Date.now(), rangeMs: GRAPH_TIMESCALE_SPAN_MS[TIMESCALE] };
  const targets = devices.map((device) => ({
    device,
    expected: expectedPayload(
      { udfId: device.identity.udfId, position: device.history.position },
      fleet.sensors,
      fleet.history,
      range,
    ),
  }));
  const measured = await measureGraphs(server, token, client, targets, options, say);
  await server.stop();

  const { rows: version } = await client.query<{ server_version: string }>('SHOW server_version');
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? '?',
      node: process.version,
      database: `PostgreSQL ${version[0]?.server_version ?? '?'}`,
      commit: currentCommit(),
    },
    options: {
      devices: fleet.identities.length,
      sensors: fleet.sensors.length,
      days: Math.round((fleet.history.toMinute - fleet.history.fromMinute) / DAY_MINUTES),
      requests: options.requests,
      warmup: options.warmup,
      clients: options.clients,
      capacitySeconds: options.capacitySeconds,
      reused: options.reuse !== null,
    },
    load: fleet.load,
    ...measured,
    graphToCount: ratioOf(measured.graphOneDevice.p95Ms, measured.countQuery.p95Ms),
    target: verdictOf(measured.graphOneDevice.p95Ms, LIMIT_P95_MS),
  };
}
