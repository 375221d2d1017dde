import { describe, expect, it } from 'vitest';
import { judge, judgeAgainstFloor, stepRatio } from './verdict';
import { summariseUpdates } from './windows';

/** A page whose windows each held one update of these milliseconds. */
const page = (...busyMs: number[]) =>
  summariseUpdates(
    busyMs.map((ms) => ({ busyMs: ms, updates: 1 })),
    [],
    [],
  );

describe('dashboard bench verdict', () => {
  it('holds a step only when p50 and p95 are both within 1.3 × the plain cards', () => {
    expect(stepRatio(500, page(1.3, 2.6), page(1, 2))).toEqual({
      sensors: 500,
      p50: 1.3,
      p95: 1.3,
      holds: true,
    });
    expect(stepRatio(500, page(1.2, 2.8), page(1, 2))).toMatchObject({ p50: 1.2, p95: 1.4, holds: false });
    expect(stepRatio(500, page(1.4, 2), page(1, 2))).toMatchObject({ p50: 1.4, p95: 1, holds: false });
  });

  it('does not hold a step whose pages measured no update', () => {
    expect(stepRatio(500, page(), page(1))).toMatchObject({ p50: null, holds: false });
    expect(stepRatio(500, page(1), page())).toMatchObject({ p95: null, holds: false });
  });

  it('passes only when both target steps were measured and every step holds', () => {
    const holds = (sensors: number) => stepRatio(sensors, page(1), page(1));
    const fails = (sensors: number) => stepRatio(sensors, page(2), page(1));
    expect(judge([holds(500), holds(1000)])).toMatchObject({ isPass: true, missing: [] });
    expect(judge([holds(500), fails(1000)]).isPass).toBe(false);
    expect(judge([holds(500)])).toMatchObject({ isPass: false, missing: [1000] });
    expect(judge([])).toMatchObject({ isPass: false, missing: [500, 1000] });
  });
});

describe('visual bench verdict against its floor', () => {
  const withDrops = (dropped: number, ...busyMs: number[]) => ({
    ...page(...busyMs),
    droppedFrames: dropped,
  });

  it('passes at p95 within 1.3 × the floor with no more dropped frames than the floor', () => {
    expect(judgeAgainstFloor(withDrops(2, 1, 2.6), withDrops(2, 1, 2))).toMatchObject({
      p95Ratio: 1.3,
      isPass: true,
    });
  });

  it('fails over 1.3 ×, with more dropped frames than the floor, or with nothing measured', () => {
    expect(judgeAgainstFloor(withDrops(0, 1, 2.8), withDrops(0, 1, 2)).isPass).toBe(false);
    expect(judgeAgainstFloor(withDrops(3, 1, 2), withDrops(2, 1, 2)).isPass).toBe(false);
    expect(judgeAgainstFloor(page(), page(1)).isPass).toBe(false);
  });
});
