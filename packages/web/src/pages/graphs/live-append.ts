import type { DeviceGraphs, Graph, GraphPoint, GraphSeries } from '@vigil/contracts';

/**
 * Live mode (M section 4, wire-formats.md 'Graphs'): the first live-update/ answer is the whole chart; each
 * later one holds only new points, appended per graph key by series position (the same order every time).
 */

/** The newest timestamp among all points held, for the next call's `since`; null with no points. */
export function newestTimestampOf(payload: DeviceGraphs): number | null {
  let newest: number | null = null;
  for (const graph of Object.values(payload.graphs)) {
    for (const series of graph.series) {
      const last = series.data.at(-1);
      if (last !== undefined && (newest === null || last[0] > newest)) {
        newest = last[0];
      }
    }
  }
  return newest;
}

/** The first index whose point is at or after `startMs` (points are in time order). */
function firstIndexFrom(points: readonly GraphPoint[], startMs: number): number {
  let low = 0;
  let high = points.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((points[middle]?.[0] ?? 0) < startMs) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

function appendPoints(held: GraphPoint[], added: readonly GraphPoint[], startMs: number): GraphPoint[] {
  const lastHeld = held.at(-1)?.[0] ?? Number.NEGATIVE_INFINITY;
  // A point the page already holds (a poll that overlapped) is not drawn twice.
  const fresh = added.filter((point) => point[0] > lastHeld);
  const start = firstIndexFrom(held, startMs);
  if (fresh.length === 0 && start === 0) {
    return held;
  }
  return [...held.slice(start), ...fresh];
}

function appendSeries(held: GraphSeries[], added: readonly GraphSeries[], startMs: number): GraphSeries[] {
  const merged = held.map((series, index) => {
    const update = added[index];
    const data = appendPoints(series.data, update?.data ?? [], startMs);
    return data === series.data ? series : { ...series, data };
  });
  // A series that appeared since (a sensor added to the device) joins at its position.
  for (const series of added.slice(held.length)) {
    merged.push({ ...series, data: series.data.filter((point) => point[0] >= startMs) });
  }
  return merged;
}

/**
 * Appends a live-update/ answer to what the chart holds, by graph key and series position, and drops points
 * older than `windowStartMs` so the Live chart keeps a fixed window. Unchanged graphs keep their identity.
 */
export function appendLiveUpdate(
  held: DeviceGraphs,
  update: DeviceGraphs,
  windowStartMs: number,
): DeviceGraphs {
  const graphs: Record<string, Graph> = {};
  for (const [key, graph] of Object.entries(held.graphs)) {
    const added = update.graphs[key]?.series ?? [];
    const series = appendSeries(graph.series, added, windowStartMs);
    const isSame = series.every((one, index) => one === graph.series[index]);
    graphs[key] = isSame && series.length === graph.series.length ? graph : { ...graph, series };
  }
  for (const [key, graph] of Object.entries(update.graphs)) {
    if (graphs[key] === undefined) {
      graphs[key] = { ...graph, series: appendSeries([], graph.series, windowStartMs) };
    }
  }
  return { ...held, graphs };
}
