import { percentile } from '../ingest/stats';

/** One sampling window: main-thread busy time (CDP TaskDuration) and the feed updates handled in it. */
export type Window = { busyMs: number; updates: number };

export type UpdateSummary = {
  updates: number;
  windows: number;
  /** Main-thread time per update, rendering included (busy time of a window ÷ its updates). */
  p50Ms: number | null;
  p95Ms: number | null;
  meanMs: number | null;
  /** The page's own listener time per update (script and microtasks only), from the probe. */
  listenerP50Ms: number | null;
  listenerP95Ms: number | null;
  droppedFrames: number;
  frames: number;
};

const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/** Frames missed: each gap longer than 1.5 frame intervals hides gap / interval - 1 frames. */
export function droppedFrames(gaps: readonly number[], frameMs = 1000 / 60): number {
  let dropped = 0;
  for (const gap of gaps) {
    if (gap > frameMs * 1.5) {
      dropped += Math.round(gap / frameMs) - 1;
    }
  }
  return dropped;
}

export function summariseUpdates(
  windows: readonly Window[],
  listenerMs: readonly number[],
  frameGaps: readonly number[],
): UpdateSummary {
  const perUpdate = windows.filter((w) => w.updates > 0).map((w) => w.busyMs / w.updates);
  const updates = windows.reduce((sum, w) => sum + w.updates, 0);
  const busy = windows.reduce((sum, w) => sum + w.busyMs, 0);
  return {
    updates,
    windows: windows.length,
    p50Ms: round2(percentile(perUpdate, 0.5)),
    p95Ms: round2(percentile(perUpdate, 0.95)),
    meanMs: round2(updates === 0 ? null : busy / updates),
    listenerP50Ms: round2(percentile(listenerMs, 0.5)),
    listenerP95Ms: round2(percentile(listenerMs, 0.95)),
    droppedFrames: droppedFrames(frameGaps),
    frames: frameGaps.length,
  };
}
