import { percentile } from '../ingest/stats';

/**
 * One sampling window: main-thread busy time (CDP TaskDuration, wall time: on a busy machine it also holds the
 * time the thread waited for a core), its CPU time (CDP ThreadTime) where sampled, and the feed updates
 * handled in it.
 */
export type Window = { busyMs: number; cpuMs?: number; updates: number };

export type UpdateSummary = {
  updates: number;
  windows: number;
  /** Main-thread time per update, rendering included (busy time of a window ÷ its updates). */
  p50Ms: number | null;
  p95Ms: number | null;
  meanMs: number | null;
  /**
   * The main thread's CPU time per update, inside tasks or not (information: the verdict is on the busy time
   * above).
   */
  cpuP50Ms: number | null;
  cpuP95Ms: number | null;
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
  const withUpdates = windows.filter((w) => w.updates > 0);
  const perUpdate = withUpdates.map((w) => w.busyMs / w.updates);
  const cpuPerUpdate = withUpdates.flatMap((w) => (w.cpuMs === undefined ? [] : [w.cpuMs / w.updates]));
  const updates = windows.reduce((sum, w) => sum + w.updates, 0);
  const busy = windows.reduce((sum, w) => sum + w.busyMs, 0);
  return {
    updates,
    windows: windows.length,
    p50Ms: round2(percentile(perUpdate, 0.5)),
    p95Ms: round2(percentile(perUpdate, 0.95)),
    meanMs: round2(updates === 0 ? null : busy / updates),
    cpuP50Ms: round2(percentile(cpuPerUpdate, 0.5)),
    cpuP95Ms: round2(percentile(cpuPerUpdate, 0.95)),
    listenerP50Ms: round2(percentile(listenerMs, 0.5)),
    listenerP95Ms: round2(percentile(listenerMs, 0.95)),
    droppedFrames: droppedFrames(frameGaps),
    frames: frameGaps.length,
  };
}

/**
 * One CDP sample: when it was taken (ms since the epoch), and the page's TaskDuration and main-thread CPU time
 * (ThreadTime) then, in seconds.
 */
export type Sample = { at: number; taskSeconds: number; threadSeconds?: number };

/**
 * The windows between consecutive samples, each with the main-thread time it gained and the updates that
 * started in it (`updateStarts` in ms since the epoch, as the probe records them).
 */
export function windowsBetween(samples: readonly Sample[], updateStarts: readonly number[]): Window[] {
  const windows: Window[] = [];
  for (let at = 1; at < samples.length; at += 1) {
    const from = samples[at - 1] as Sample;
    const to = samples[at] as Sample;
    const cpuMs =
      from.threadSeconds === undefined || to.threadSeconds === undefined
        ? undefined
        : (to.threadSeconds - from.threadSeconds) * 1000;
    windows.push({
      busyMs: (to.taskSeconds - from.taskSeconds) * 1000,
      ...(cpuMs === undefined ? {} : { cpuMs }),
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
