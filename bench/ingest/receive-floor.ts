/**
 * The receiving floor of bench:ingest: the same load generator (child process, same simulated devices, same
 * trees, QoS 1) against a bare Aedes broker in the bench's own process that parses each tree (JSON.parse) and
 * acknowledges it, storing nothing. The most it holds bounds what any server that receives these trees over
 * MQTT on this machine, beside the load generator, can hold before it writes a single row; the bench compares it
 * with the COPY baseline (bench/README.md 'The receiving floor').
 */
import { createServer, type Server } from 'node:net';
import { generateIdentities } from '@vigil/simulator';
import { Aedes } from 'aedes';
import { highestHeld, nextDevices, type SearchConfig, searchEnding } from './capacity-search';
import { LoadGenerator } from './load-control';
import type { LoadResult } from './load-messages';
import { percentile } from './stats';

/** A floor step holds while this share of the offered trees was sent, and each sent tree was parsed. */
const FLOOR_SHARE = 0.98;
const FLOOR_ACK_P99_MS = 1000;
const SEED = 2;

export type FloorStep = {
  devices: number;
  offeredPointsPerSecond: number;
  /** Points of the trees parsed in the measured window, per second. */
  receivedPointsPerSecond: number;
  sentShare: number;
  ackP99Ms: number | null;
  /** Cores used over the window by the load generator and by the broker's process (broker and parse). */
  generatorCores: number;
  receiverCores: number;
  held: boolean;
};

export type ReceiveFloor = {
  steps: FloorStep[];
  /** The highest load held: its devices and received points/s; null when none held. */
  floor: { devices: number; pointsPerSecond: number } | null;
  searchEnding: string;
};

/** A step holds when the generator sent what it offered, the broker parsed it, and PUBACKs came within 1 s. */
export function judgeFloorStep(
  offeredTrees: number,
  parsedTrees: number,
  result: Pick<LoadResult, 'publishedInWindow' | 'ackLatenciesMs'>,
): { sentShare: number; ackP99Ms: number | null; held: boolean } {
  const sentShare = offeredTrees === 0 ? 0 : result.publishedInWindow / offeredTrees;
  const ackP99Ms = percentile(result.ackLatenciesMs, 0.99);
  const held =
    sentShare >= FLOOR_SHARE &&
    parsedTrees >= FLOOR_SHARE * result.publishedInWindow &&
    ackP99Ms !== null &&
    ackP99Ms < FLOOR_ACK_P99_MS;
  return { sentShare, ackP99Ms, held };
}

type FloorOptions = {
  sensors: number;
  rate: number;
  warmup: number;
  stepSeconds: number;
  search: SearchConfig;
  say: (line: string) => void;
};

/** A bare broker on a free port that parses every publish and counts the trees parsed while `counting`. */
async function startParsingBroker(): Promise<{
  url: string;
  counter: { counting: boolean; trees: number };
  close: () => Promise<void>;
}> {
  const counter = { counting: false, trees: 0 };
  const broker = await Aedes.createBroker({
    authorizePublish: (_client, packet, callback) => {
      try {
        const tree = JSON.parse(packet.payload.toString('utf8')) as { groups?: unknown };
        if (counter.counting && Array.isArray(tree.groups)) {
          counter.trees += 1;
        }
      } catch {
        // Not a tree: acknowledged and not counted, as the server drops an invalid message.
      }
      callback(null);
    },
  });
  const server: Server = createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    counter,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const at = (time: number, action: () => void) => setTimeout(action, Math.max(0, time - Date.now()));

/** Searches the most trees a second the bare broker holds, as the capacity search does for the server. */
export async function measureReceiveFloor(options: FloorOptions): Promise<ReceiveFloor> {
  const { search, sensors, rate } = options;
  const broker = await startParsingBroker();
  const identities = generateIdentities(search.maxDevices, ['F500'], SEED);
  const load = await LoadGenerator.connect({ brokerUrl: broker.url, identities, sensors, rate, seed: SEED });
  const steps: FloorStep[] = [];
  try {
    for (let devices = nextDevices([], search); devices !== null; devices = nextDevices(steps, search)) {
      await load.prepare(devices);
      const startAt = Date.now() + 500;
      const measureFrom = startAt + options.warmup * 1000;
      const measureTo = measureFrom + options.stepSeconds * 1000;
      let cpuFrom = process.cpuUsage();
      at(measureFrom, () => {
        broker.counter.trees = 0;
        broker.counter.counting = true;
        cpuFrom = process.cpuUsage();
      });
      // The broker's CPU over the window, once it ended (the generator may answer a moment before that).
      const windowEnded = new Promise<number>((resolve) =>
        at(measureTo, () => {
          broker.counter.counting = false;
          const used = process.cpuUsage(cpuFrom);
          resolve(used.user + used.system);
        }),
      );
      const result = await load.run({ startAt, measureFrom, measureTo }, devices);
      const receiverMicros = await windowEnded;
      const offeredTrees = devices * rate * options.stepSeconds;
      const verdict = judgeFloorStep(offeredTrees, broker.counter.trees, result);
      const step: FloorStep = {
        devices,
        offeredPointsPerSecond: devices * rate * sensors,
        receivedPointsPerSecond: Math.round((broker.counter.trees * sensors) / options.stepSeconds),
        ...verdict,
        generatorCores: result.cpuMs / 1000 / options.stepSeconds,
        receiverCores: receiverMicros / 1e6 / options.stepSeconds,
      };
      steps.push(step);
      options.say(
        `  floor step ${steps.length}: ${devices} devices, ${step.receivedPointsPerSecond} points/s parsed, ` +
          `sent ${(step.sentShare * 100).toFixed(1)} %, p99 publish → PUBACK ${step.ackP99Ms?.toFixed(0) ?? 'n/a'} ms, ` +
          `cores: generator ${step.generatorCores.toFixed(2)}, broker ${step.receiverCores.toFixed(2)}: ` +
          (step.held ? 'held' : 'fell behind'),
      );
    }
  } finally {
    load.kill();
    await broker.close();
  }
  const best = highestHeld(steps);
  return {
    steps,
    floor: best === null ? null : { devices: best.devices, pointsPerSecond: best.receivedPointsPerSecond },
    searchEnding:
      best !== null && best.devices >= search.maxDevices
        ? `the most it was offered held (${search.maxDevices} devices): the floor is at least this`
        : searchEnding(steps, search),
  };
}
