import { type DeviceGraphs, GRAPH_LIMITS, type GraphPoint } from '@vigil/contracts';
import { MINUTE_MS, spikesBetween } from './history-values';
import { type PlannedSensor, plannedGroupPaths, plannedSensorId } from './sensor-plan';

/**
 * The bench's sanity check of a graph payload: a fast answer that is empty or wrong must not pass as a fast graph
 * call. Every planned sensor has its series, within the point budget, covering the range, with its alarm spikes.
 */

export type PayloadExpectation = {
  /** Full sensor ids the device reported: one series each. */
  sensorIds: readonly string[];
  /** Graphs (sensor groups) of the device. */
  graphs: number;
  pointBudget: number;
  /** The first and last points must lie within `edgeMs` of these (epoch ms). */
  coverFrom: number;
  coverTo: number;
  edgeMs: number;
  /**
   * Sensors whose history holds an alarm spike inside the range, with their alarm limit: some point must reach
   * it (the bucket's maximum kept), an in-alarm flag on an averaged value is not enough.
   */
  spikes: ReadonlyMap<string, number>;
};

const HOUR_MS = 60 * MINUTE_MS;
/** Hourly buckets and the range's own edges: the first and last points may sit this far inside the history. */
const EDGE_MS = 2 * HOUR_MS;

/**
 * What the 30-day graph of a bench device must show: its history is minutes [fromMinute, toMinute) (epoch
 * minutes), the graph's range the `rangeMs` ending at `nowMs`. Spikes within an hour of either edge are not asked.
 */
export function expectedPayload(
  device: { udfId: string; position: number },
  sensors: readonly PlannedSensor[],
  history: { fromMinute: number; toMinute: number },
  range: { nowMs: number; rangeMs: number },
): PayloadExpectation {
  const coverFrom = Math.max(history.fromMinute * MINUTE_MS, range.nowMs - range.rangeMs);
  const coverTo = history.toMinute * MINUTE_MS;
  const spikes = new Map<string, number>();
  for (const sensor of sensors) {
    const from = (coverFrom + HOUR_MS) / MINUTE_MS;
    if (spikesBetween(device.position, sensor, from, history.toMinute - 60).length > 0) {
      spikes.set(plannedSensorId(device.udfId, sensor), sensor.alarmAbove);
    }
  }
  return {
    sensorIds: sensors.map((sensor) => plannedSensorId(device.udfId, sensor)),
    graphs: plannedGroupPaths(sensors).length,
    pointBudget: GRAPH_LIMITS.pointBudget,
    coverFrom,
    coverTo,
    edgeMs: EDGE_MS,
    spikes,
  };
}

export type PayloadFacts = {
  graphs: number;
  series: number;
  pointsMin: number;
  pointsMax: number;
  pointsTotal: number;
  nullPoints: number;
  /** Series with a planned spike that show a point at or above the alarm limit. */
  spikesShown: number;
  spikesExpected: number;
};

export type PayloadVerdict = { facts: PayloadFacts; problems: string[] };

const MAX_LISTED = 3;
const listed = (items: string[]) =>
  `${items.slice(0, MAX_LISTED).join(', ')}${items.length > MAX_LISTED ? ` and ${items.length - MAX_LISTED} more` : ''}`;

const isPoint = (point: unknown): point is GraphPoint =>
  Array.isArray(point) && typeof point[0] === 'number' && (typeof point[1] === 'number' || point[1] === null);

/** Checks a parsed graph payload against what the bench loaded; problems is empty when it holds. */
export function checkGraphPayload(payload: unknown, expected: PayloadExpectation): PayloadVerdict {
  const facts: PayloadFacts = {
    graphs: 0,
    series: 0,
    pointsMin: 0,
    pointsMax: 0,
    pointsTotal: 0,
    nullPoints: 0,
    spikesShown: 0,
    spikesExpected: expected.spikes.size,
  };
  const graphs = (payload as Partial<DeviceGraphs> | null)?.graphs;
  if (graphs === null || typeof graphs !== 'object' || Object.keys(graphs).length === 0) {
    return { facts, problems: ['the payload holds no graphs'] };
  }
  const problems: string[] = [];
  facts.graphs = Object.keys(graphs).length;
  if (facts.graphs !== expected.graphs) {
    problems.push(`${facts.graphs} graphs, expected ${expected.graphs} (one per sensor group)`);
  }
  const seen = new Set<string>();
  const badShape: string[] = [];
  const overBudget: string[] = [];
  const empty: string[] = [];
  const missedSpikes: string[] = [];
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  facts.pointsMin = Number.POSITIVE_INFINITY;
  for (const graph of Object.values(graphs)) {
    for (const series of graph?.series ?? []) {
      facts.series += 1;
      seen.add(series.sensor);
      const points = Array.isArray(series.data) ? series.data : [];
      if (!points.every(isPoint)) {
        badShape.push(series.sensor);
        continue;
      }
      facts.pointsMin = Math.min(facts.pointsMin, points.length);
      facts.pointsMax = Math.max(facts.pointsMax, points.length);
      facts.pointsTotal += points.length;
      if (points.length > expected.pointBudget) {
        overBudget.push(`${series.sensor} (${points.length})`);
      }
      const values = points.filter((point) => point[1] !== null);
      facts.nullPoints += points.length - values.length;
      if (values.length === 0) {
        empty.push(series.sensor);
        continue;
      }
      first = Math.min(first, values[0]?.[0] ?? first);
      last = Math.max(last, values.at(-1)?.[0] ?? last);
      const limit = expected.spikes.get(series.sensor);
      if (limit !== undefined) {
        if (values.some((point) => (point[1] ?? 0) >= limit)) {
          facts.spikesShown += 1;
        } else {
          missedSpikes.push(series.sensor);
        }
      }
    }
  }
  if (facts.series === 0) {
    facts.pointsMin = 0;
  }
  const missing = expected.sensorIds.filter((id) => !seen.has(id));
  if (missing.length > 0) {
    problems.push(
      `no series for ${missing.length} of ${expected.sensorIds.length} sensors: ${listed(missing)}`,
    );
  }
  if (badShape.length > 0) {
    problems.push(`points not [timestamp, value, inAlarm, state] in ${listed(badShape)}`);
  }
  if (overBudget.length > 0) {
    problems.push(`over the ${expected.pointBudget}-point budget: ${listed(overBudget)}`);
  }
  if (empty.length > 0) {
    problems.push(`no values at all in ${empty.length} series: ${listed(empty)}`);
  }
  if (first > expected.coverFrom + expected.edgeMs || last < expected.coverTo - expected.edgeMs) {
    const iso = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : 'none');
    problems.push(
      `points from ${iso(first)} to ${iso(last)} do not cover the history from ${iso(expected.coverFrom)} to ${iso(expected.coverTo)}`,
    );
  }
  if (missedSpikes.length > 0) {
    problems.push(
      `alarm spikes averaged away in ${missedSpikes.length} of ${expected.spikes.size} series: ${listed(missedSpikes)}`,
    );
  }
  return { facts, problems };
}
