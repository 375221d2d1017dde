import { FeedObserver } from '../ingest/feed-observer';
import type { LatencySummary } from '../ingest/stats';
import type { VigilServer } from '../ingest/vigil-process';
import { SOCKETS_PER_PERSON_PER_INSTANCE } from './options';
import { runScaleStep, type ScaleContext, type ScaleStep } from './scale-step';

/**
 * The server's CPU per browser frame apart from ingest: the same light load three times, without sockets,
 * with N sockets watching its devices (spread over the instances), and without again. What the sockets add,
 * over the frames they received, is the cost of a frame: the bus (Redis between instances), serialising
 * once per tree and sending to each socket.
 */
export type FrameMeasurement = {
  sockets: number;
  instances: number;
  people: number;
  devices: number;
  withoutBefore: ScaleStep;
  withSockets: ScaleStep;
  withoutAfter: ScaleStep;
  framesPerSecond: number;
  publishToBrowser: LatencySummary;
  /** µs of one core per frame received, per component (the bench process is the browsers' side). */
  microsPerFrame: Record<string, number> | null;
};

/** Per component: (cores with sockets − mean cores without) ÷ frames a second, in µs; null without frames. */
export function microsPerFrame(
  without: ReadonlyArray<Record<string, number>>,
  withSockets: Record<string, number>,
  framesPerSecond: number,
): Record<string, number> | null {
  if (!(framesPerSecond > 0) || without.length === 0) {
    return null;
  }
  return Object.fromEntries(
    Object.entries(withSockets).map(([name, cores]) => {
      const idle = without.reduce((sum, usage) => sum + (usage[name] ?? 0), 0) / without.length;
      return [name, ((cores - idle) / framesPerSecond) * 1e6];
    }),
  );
}

/** Socket i goes to instance i mod n, watches device i mod d, and belongs to person ⌊i ÷ (20 n)⌋. */
export function socketPlan(
  sockets: number,
  instances: number,
  devices: readonly string[],
): Array<{ instance: number; person: number; udfId: string }> {
  return Array.from({ length: sockets }, (_, i) => ({
    instance: i % instances,
    person: Math.floor(i / (SOCKETS_PER_PERSON_PER_INSTANCE * instances)),
    udfId: devices[i % devices.length] ?? '',
  }));
}

async function openSockets(
  observer: FeedObserver,
  instances: readonly VigilServer[],
  devices: readonly string[],
  tokens: readonly string[],
  sockets: number,
): Promise<void> {
  const groups = new Map<string, { server: VigilServer; token: string; udfIds: string[] }>();
  for (const socket of socketPlan(sockets, instances.length, devices)) {
    const key = `${socket.instance}/${socket.person}`;
    const server = instances[socket.instance];
    const token = tokens[socket.person];
    if (server === undefined || token === undefined) {
      throw new Error(`no instance or person for socket ${key}`);
    }
    const group = groups.get(key) ?? { server, token, udfIds: [] };
    group.udfIds.push(socket.udfId);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    await observer.open(group.server.baseUrl, group.udfIds, group.token);
  }
}

/** Three windows of the frame devices' load: no sockets, `sockets` sockets, no sockets. */
export async function measureFrames(
  context: ScaleContext,
  input: { devices: string[]; tokens: string[]; sockets: number },
): Promise<FrameMeasurement> {
  const { options } = context;
  const seconds = options.frameSeconds;
  const quiet = { ...context, feeds: new FeedObserver() };
  const withoutBefore = await runScaleStep(quiet, input.devices.length, seconds);
  const observer = new FeedObserver();
  try {
    await openSockets(observer, context.instances, input.devices, input.tokens, input.sockets);
    const withSockets = await runScaleStep({ ...context, feeds: observer }, input.devices.length, seconds);
    observer.close();
    const withoutAfter = await runScaleStep(quiet, input.devices.length, seconds);
    const framesPerSecond = withSockets.publishToBrowser.count / seconds;
    const cores = (step: ScaleStep) => step.usage?.cores ?? null;
    const before = cores(withoutBefore);
    const after = cores(withoutAfter);
    const during = cores(withSockets);
    return {
      sockets: input.sockets,
      instances: context.instances.length,
      people: input.tokens.length,
      devices: input.devices.length,
      withoutBefore,
      withSockets,
      withoutAfter,
      framesPerSecond,
      publishToBrowser: withSockets.publishToBrowser,
      microsPerFrame:
        before === null || after === null || during === null
          ? null
          : microsPerFrame([before, after], during, framesPerSecond),
    };
  } finally {
    observer.close();
  }
}
