import { describe, expect, it } from 'vitest';
import { costAbove, droppedFrames, nextSampleAt, summariseUpdates, windowsBetween } from './windows';

describe('dashboard bench figures', () => {
  it('counts the frames hidden in long gaps only', () => {
    expect(droppedFrames([16.7, 16.6, 17, 20])).toBe(0);
    expect(droppedFrames([33.4])).toBe(1);
    expect(droppedFrames([100])).toBe(5);
  });

  it('divides each window by its updates and skips windows without one', () => {
    const summary = summariseUpdates(
      [
        { busyMs: 2, updates: 1 },
        { busyMs: 8, updates: 2 },
        { busyMs: 1, updates: 0 },
        { busyMs: 10, updates: 1 },
      ],
      [1, 2, 3],
      [16.7, 50],
    );
    expect(summary).toMatchObject({ updates: 4, windows: 4, p50Ms: 4, p95Ms: 10, meanMs: 5.25 });
    expect(summary).toMatchObject({ listenerP50Ms: 2, listenerP95Ms: 3, droppedFrames: 2, frames: 2 });
  });
});

describe('dashboard bench windows', () => {
  it('gives each window the busy time between its samples and the updates that started in it', () => {
    const samples = [
      { at: 1000, taskSeconds: 1 },
      { at: 2000, taskSeconds: 1.004 },
      { at: 3000, taskSeconds: 1.01 },
      { at: 4000, taskSeconds: 1.011 },
    ];
    const windows = windowsBetween(samples, [500, 1000, 1500, 2000, 2999.5, 4000]);
    expect(windows.map((w) => w.updates)).toEqual([2, 2, 0]);
    expect(windows.map((w) => Math.round(w.busyMs * 1000) / 1000)).toEqual([4, 6, 1]);
    expect(windows.every((w) => w.cpuMs === undefined)).toBe(true);
  });

  it('gives each window its CPU time where the samples carry ThreadTime, and summarises it per update', () => {
    const windows = windowsBetween(
      [
        { at: 1000, taskSeconds: 1, threadSeconds: 2 },
        { at: 2000, taskSeconds: 1.004, threadSeconds: 2.003 },
        { at: 3000, taskSeconds: 1.01, threadSeconds: 2.007 },
      ],
      [1500, 2500, 2600],
    );
    expect(windows.map((w) => Math.round((w.cpuMs ?? Number.NaN) * 1000) / 1000)).toEqual([3, 4]);
    const summary = summariseUpdates(windows, [], []);
    expect(summary).toMatchObject({ p50Ms: 3, cpuP50Ms: 2, cpuP95Ms: 3 });
    expect(summariseUpdates([{ busyMs: 2, updates: 1 }], [], [])).toMatchObject({ cpuP50Ms: null });
  });

  it("samples half a period after the feed's updates, never in the past", () => {
    expect(nextSampleAt(10_000, 10_100)).toBe(10_500);
    expect(nextSampleAt(10_000, 10_600)).toBe(11_500);
    expect(nextSampleAt(10_000, 12_500)).toBe(12_500);
    expect(nextSampleAt(10_000, 10_100, 2000)).toBe(11_000);
  });

  it('prints the cost above a baseline as the difference of the percentiles', () => {
    const page = summariseUpdates([{ busyMs: 5, updates: 1 }], [], []);
    const baseline = summariseUpdates([{ busyMs: 2, updates: 1 }], [], []);
    expect(costAbove(page, baseline)).toEqual({ p50Ms: 3, p95Ms: 3 });
    expect(costAbove(page, summariseUpdates([], [], []))).toEqual({ p50Ms: null, p95Ms: null });
  });
});
