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

/** One CDP sample: when it was taken (ms since the epoch) and the page's TaskDuration then, in seconds. */
export type Sample = { at: number; taskSeconds: number };

/**
 * The windows between consecutive samples, each with the main-thread time it gained and the updates that
 * started in it (`updateStarts` in ms since the epoch, as the probe records them).
 */
export function windowsBetween(samples: readonly Sample[], updateStarts: readonly number[]): Window[] {
  const windows: Window[] = [];
  for (let at = 1; at < samples.length; at += 1) {
    const from = samples[at - 1] as Sample;
    const to = samples[at] as Sample;
    windows.push({
      busyMs: (to.taskSeconds - from.taskSeconds) * 1000,
      updates: updateStarts.filter((start) => start >= from.at && start < to.at).length,
    });
  }
  return windows;
}

/**
 * When to take the next sample: half a period after an update, so that no update starts near a window's
 * edge (the feed publishes once a `periodMs` at a steady phase). `lastUpdate` is an update's start, `now`
 * the time now, both ms since the epoch.
 */
export function nextSampleAt(lastUpdate: number, now: number, periodMs = 1000): number {
  const phase = lastUpdate + periodMs / 2;
  return phase + Math.ceil((now - phase) / periodMs) * periodMs;
}

/** The dashboard's cost above a baseline page of the same run: the difference of each figure, or null. */
export function costAbove(
  page: UpdateSummary,
  baseline: UpdateSummary,
): { p50Ms: number | null; p95Ms: number | null } {
  const less = (a: number | null, b: number | null) => (a === null || b === null ? null : round2(a - b));
  return { p50Ms: less(page.p50Ms, baseline.p50Ms), p95Ms: less(page.p95Ms, baseline.p95Ms) };
}
