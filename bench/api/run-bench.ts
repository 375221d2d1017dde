import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openBenchDatabase } from '../ingest/bench-database';
import type { Cleanup } from '../ingest/run-bench';
import { cpuProfileArgs, startVigilServer, type VigilEnv } from '../ingest/vigil-process';
import { currentCommit } from '../measured-commit';
import { runStep, type StepTarget, warmUp } from './load-step';
import { type ApiBenchOptions, TARGET_ME_RATIO } from './options';
import { openBenchSessions, provisionApiFleet, provisionApiUnits } from './provision';
import { API_ROUTES, type ApiBenchSummary, type ApiStep, meTarget, summariseRoutes } from './summary';

type Say = (line: string) => void;

/**
 * One run end to end on PostgreSQL; every resource it opens is registered with `cleanup`. Routes take
 * turns at each concurrency, so /healthz and the others share the same moment of the machine.
 */
export async function runApiBench(
  options: ApiBenchOptions,
  cleanup: Cleanup,
  say: Say,
): Promise<ApiBenchSummary> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vigil-bench-api-'));
  cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
  const database = await openBenchDatabase(options.databaseUrl);
  cleanup.add(() => database.dispose());
  const env: VigilEnv = { databaseUrl: database.url, dataDir };
  say(`Provisioning ${options.sites} sites and ${options.devices} devices on ${database.url} …`);
  await provisionApiUnits(env, options.devices);
  const server = await startVigilServer(env, cpuProfileArgs(options.cpuProfileDir, 'server'));
  cleanup.add(() => server.stop());
  const token = await provisionApiFleet(server.baseUrl, options.devices, options.sites);
  const tokens = await openBenchSessions(server.baseUrl, token, Math.max(...options.connections));
  const client = await database.connect();
  cleanup.add(() => client.end());
  const target: StepTarget = { server, tokens, database: client };

  for (const route of API_ROUTES) {
    await warmUp(target, route, options.warmup);
  }
  const steps: ApiStep[] = [];
  for (const connections of options.connections) {
    for (const route of API_ROUTES) {
      const step = await runStep(target, route, connections, options.seconds);
      say(
        `  ${route.padEnd(12)} ${String(connections).padStart(4)} connections: ${Math.round(step.requestsPerSecond)} req/s, p99 ${step.p99Ms} ms`,
      );
      steps.push(step);
    }
  }
  await server.stop();

  const { rows: version } = await client.query<{ server_version: string }>('SHOW server_version');
  const routes = summariseRoutes(steps, options.connections);
  const busy = steps.flatMap((step) => (step.machineBusy === null ? [] : [step.machineBusy]));
  const { databaseUrl: _url, resultsDir: _dir, cpuProfileDir: _profiles, ...shown } = options;
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      node: process.version,
      database: `PostgreSQL ${version[0]?.server_version ?? '?'}`,
      commit: currentCommit(),
    },
    options: shown,
    steps,
    routes,
    machineBusy: busy.length === 0 ? null : busy.reduce((sum, value) => sum + value, 0) / busy.length,
    target: meTarget(routes, TARGET_ME_RATIO),
  };
}
