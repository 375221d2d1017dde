import { gzipSync } from 'node:zlib';
import type pg from 'pg';
import { sampleUsage, usageBetween } from '../ingest/machine-usage';
import { fetchServerMetrics } from '../ingest/server-metrics';
import type { VigilServer } from '../ingest/vigil-process';
import { costPerCall, sampleCost } from './call-cost';
import type { BenchDevice } from './fleet';
import { callGraph, closedLoop, graphPath, sequential, timeCount } from './graph-calls';
import type { GraphsBenchOptions } from './options';
import { checkGraphPayload, type PayloadExpectation, type PayloadFacts } from './payload-check';
import { type CapacityStep, type GraphsBenchSummary, latencyFigures } from './summary';

/** The timed part of a run: the graph call one device and spread, count(*) beside it, then capacity. */

type Say = (line: string) => void;
export type Measured = Pick<
  GraphsBenchSummary,
  | 'payload'
  | 'graphOneDevice'
  | 'machineBusyDuringCalls'
  | 'graphCost'
  | 'graphSpread'
  | 'countQuery'
  | 'capacity'
>;
type Target = { device: BenchDevice; expected: PayloadExpectation };

/** Calls the graph of a device and checks the answer; throws loudly when it is not a full, right payload. */
async function checkedGraph(
  server: VigilServer,
  token: string,
  { device, expected }: Target,
): Promise<{ ms: number; body: Buffer; facts: PayloadFacts }> {
  const answer = await callGraph(server.baseUrl, token, device.id);
  if (answer.status !== 200) {
    const text = answer.body.toString('utf8').slice(0, 300);
    throw new Error(`GET ${graphPath(device.id)} answered ${answer.status}: ${text}`);
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
  database: pg.ClientBase,
  devices: BenchDevice[],
  clients: number,
  seconds: number,
): Promise<CapacityStep> {
  const [metricsStart, usageStart, costStart] = await Promise.all([
    fetchServerMetrics(server),
    sampleUsage(),
    sampleCost(server, database),
  ]);
  const calls = await closedLoop(clients, seconds, async (client, i) => {
    const device = devices[(client + i * clients) % devices.length] as BenchDevice;
    const answer = await callGraph(server.baseUrl, token, device.id);
    return { ms: answer.ms, ok: answer.status === 200 && answer.body.length > 0 };
  });
  const [metricsEnd, usageEnd, costEnd] = await Promise.all([
    fetchServerMetrics(server),
    sampleUsage(),
    sampleCost(server, database),
  ]);
  const usage =
    usageStart === null || usageEnd === null
      ? null
      : usageBetween(usageStart, usageEnd, calls.elapsedSeconds);
  const cpuStart = metricsStart.cpuSeconds;
  const cpuEnd = metricsEnd.cpuSeconds;
  return {
    clients,
    seconds,
    requests: calls.latenciesMs.length,
    errors: calls.errors,
    perSecond: calls.latenciesMs.length / calls.elapsedSeconds,
    latency: latencyFigures(calls.latenciesMs),
    serverCores: cpuStart === null || cpuEnd === null ? null : (cpuEnd - cpuStart) / calls.elapsedSeconds,
    postgresCores: usage?.postgresCores ?? null,
    machineBusy: usage?.machineBusy ?? null,
    cost: costPerCall(costStart, costEnd, calls.latenciesMs.length),
  };
}

export async function measureGraphs(
  server: VigilServer,
  token: string,
  client: pg.ClientBase,
  targets: Target[],
  options: Pick<GraphsBenchOptions, 'requests' | 'warmup' | 'clients' | 'capacitySeconds'>,
  say: Say,
): Promise<Measured> {
  const first = targets[0] as Target;
  say(
    `Graph call ${graphPath(first.device.id)}: ${options.warmup} warm-up, ${options.requests} timed, one device …`,
  );
  let sample: { body: Buffer; facts: PayloadFacts } | undefined;
  let usageStart: Awaited<ReturnType<typeof sampleUsage>> = null;
  let costStart: Awaited<ReturnType<typeof sampleCost>> | undefined;
  let started = 0;
  const oneDevice = await sequential(
    options.requests,
    options.warmup,
    async () => {
      const answer = await checkedGraph(server, token, first);
      sample ??= answer;
      return answer.ms;
    },
    async () => {
      [usageStart, costStart] = await Promise.all([sampleUsage(), sampleCost(server, client)]);
      started = performance.now();
    },
  );
  const usageEnd = await sampleUsage();
  const costEnd = await sampleCost(server, client);
  const busy =
    usageStart === null || usageEnd === null
      ? null
      : usageBetween(usageStart, usageEnd, (performance.now() - started) / 1000).machineBusy;
  say(`… the same over the ${targets.length} devices in turn …`);
  const spread = await sequential(
    options.requests,
    options.warmup,
    async (i) => (await checkedGraph(server, token, targets[i % targets.length] as Target)).ms,
  );
  say("… and count(*) of the first device's raw rows of 30 days …");
  const keys = first.device.history.sensors.map((sensor) => sensor.key);
  const counts = await sequential(options.requests, options.warmup, () => timeCount(client, keys));
  const capacity: CapacityStep[] = [];
  for (const clients of options.clients) {
    say(`Capacity: ${clients} client${clients === 1 ? '' : 's'} for ${options.capacitySeconds} s …`);
    const devices = targets.map((target) => target.device);
    capacity.push(await capacityStep(server, token, client, devices, clients, options.capacitySeconds));
  }
  const body = sample?.body ?? Buffer.alloc(0);
  return {
    payload: {
      ...(sample?.facts ?? checkGraphPayload(null, first.expected).facts),
      bytes: body.length,
      gzipBytes: gzipSync(body).length,
    },
    graphOneDevice: latencyFigures(oneDevice),
    machineBusyDuringCalls: busy,
    graphCost:
      costStart === undefined
        ? { serverMs: null, databaseMs: null }
        : costPerCall(costStart, costEnd, oneDevice.length),
    graphSpread: latencyFigures(spread),
    countQuery: { ...latencyFigures(counts.map((count) => count.ms)), rows: counts[0]?.rows ?? 0 },
    capacity,
  };
}
