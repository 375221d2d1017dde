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
  const points = pointsSpanOf(payload);
  if (points === null) {
    return null;
  }
  const missing = MIN_SPAN_MS - (points.to - points.from);
  return missing > 0 ? { from: points.from - missing / 2, to: points.to + missing / 2 } : points;
}

/**
 * A historical graph's span: it ends at the searched moment (the site's wall clock, read in the site's zone), and
 * starts at its first point, an hour before the moment at the latest, so the axis never runs past the banner's time.
 */
export function historicalSpanOf(payload: DeviceGraphs | null, endsAt: number): TimeSpan {
  const points = pointsSpanOf(payload);
  const latestStart = endsAt - MIN_SPAN_MS;
  return { from: points === null ? latestStart : Math.min(points.from, latestStart), to: endsAt };
}

/**
 * Live's span: the window it keeps, ending at the newest point; while it holds less than the window (a device
 * just started) it follows its points, a minute at least, so the lines are not squeezed against the right edge.
 */
export function liveSpanOf(payload: DeviceGraphs | null, windowMs: number): TimeSpan | null {
  const points = pointsSpanOf(payload);
  if (points === null) {
    return null;
  }
  const from = Math.min(Math.max(points.from, points.to - windowMs), points.to - LIVE_MIN_SPAN_MS);
  return { from, to: points.to };
}

const LIVE_MIN_SPAN_MS = 60_000;

/** The first and last point of a payload; null without points. */
function pointsSpanOf(payload: DeviceGraphs | null): TimeSpan | null {
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
  return Number.isFinite(from) && Number.isFinite(to) ? { from, to } : null;
}
