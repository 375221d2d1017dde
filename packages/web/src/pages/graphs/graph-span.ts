import type { DeviceGraphs } from '@vigil/contracts';

/** A drawn time span, epoch ms. */
export type TimeSpan = { from: number; to: number };

/** Narrower than this (one point, say) the axis would invent a span of days around it: widen to an hour. */
const MIN_SPAN_MS = 60 * 60_000;

/**
 * The span of every point of a payload, shared by all its charts so their time axes line up (historical graphs,
 * where the site's time of the search is not the browser's); null without points.
 */
export function payloadSpanOf(payload: DeviceGraphs | null): TimeSpan | null {
  if (payload === null) {
    return null;
  }
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const graph of Object.values(payload.graphs)) {
    for (const series of graph.series) {
      from = Math.min(from, series.data[0]?.[0] ?? from);
      to = Math.max(to, series.data.at(-1)?.[0] ?? to);
    }
  }
  if (!Number.isFinite(from) || !Number.isFinite(to)) {
    return null;
  }
  const missing = MIN_SPAN_MS - (to - from);
  return missing > 0 ? { from: from - missing / 2, to: to + missing / 2 } : { from, to };
}
