import { describe, expect, it } from 'vitest';
import { droppedFrames, summariseUpdates } from './windows';

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
