import type { GraphPoint } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { downsampleMinMax, downsampleSeries, keepStateChanges } from './graph-downsample';

const MINUTE = 60_000;

/** A steady NUMERIC series of `count` points a minute apart. */
function steady(count: number, value = (index: number) => 20 + Math.sin(index / 50)): GraphPoint[] {
  return Array.from({ length: count }, (_, index) => [index * MINUTE, value(index), false, 'OK']);
}

describe('downsampleMinMax', () => {
  it('leaves a series within the budget as it is', () => {
    const points = steady(1_500);
    expect(downsampleMinMax(points, 1_500)).toEqual(points);
  });

  it('keeps a month of minutes within the budget, in time order', () => {
    const result = downsampleMinMax(steady(43_200), 1_500);
    expect(result.length).toBeLessThanOrEqual(1_500);
    expect(result.length).toBeGreaterThan(1_000);
    for (let index = 1; index < result.length; index++) {
      expect((result[index] as GraphPoint)[0]).toBeGreaterThan((result[index - 1] as GraphPoint)[0]);
    }
  });

  it('keeps a one-minute alarm spike: its value, its time and its alarm flag', () => {
    const points = steady(43_200);
    points[20_000] = [20_000 * MINUTE, 480, true, 'Alarm'];
    points[30_000] = [30_000 * MINUTE, -40, false, 'OK'];
    const result = downsampleMinMax(points, 1_500);
    expect(result).toContainEqual([20_000 * MINUTE, 480, true, 'Alarm']);
    expect(result).toContainEqual([30_000 * MINUTE, -40, false, 'OK']);
  });

  it('marks the kept points of a bucket with any alarm point as in alarm', () => {
    const points = steady(43_200, () => 20);
    points[10_001] = [10_001 * MINUTE, 20, true, 'Alarm'];
    const result = downsampleMinMax(points, 1_500);
    // Buckets are 43,200 / 750 = 57.6 minutes wide.
    const around = result.filter(([ts]) => Math.abs(ts - 10_001 * MINUTE) < 58 * MINUTE);
    expect(around.some(([, , inAlarm, state]) => inAlarm && state === 'Alarm')).toBe(true);
  });

  it('keeps gaps (with their labels) and still respects the budget', () => {
    const points = steady(43_200);
    for (let index = 0; index < points.length; index += 40) {
      points[index] = [index * MINUTE, null, false, 'Lost Communication Between T500 and node'];
    }
    const result = downsampleMinMax(points, 1_500);
    expect(result.length).toBeLessThanOrEqual(1_500);
    expect(result.filter(([, value]) => value === null).length).toBeGreaterThan(400);
    expect(result.find(([, value]) => value === null)?.[3]).toBe('Lost Communication Between T500 and node');
  });
});

describe('keepStateChanges (BOOL and ENUM)', () => {
  it('keeps every edge, the first and last point, and the point before each edge', () => {
    const points: GraphPoint[] = Array.from({ length: 10_000 }, (_, index) => {
      const on = index >= 3_000 && index < 3_002;
      return [index * MINUTE, on ? 1 : 0, on, on ? 'Alarm' : 'OK'];
    });
    const result = downsampleSeries(points, 'BOOL', 1_500);
    expect(result).toEqual([
      points[0],
      points[2_999],
      points[3_000],
      points[3_001],
      points[3_002],
      points[9_999],
    ]);
  });

  it('answers an empty or tiny series as it is', () => {
    expect(keepStateChanges([], 1_500)).toEqual([]);
    const one: GraphPoint = [0, 1, false, 'OK'];
    expect(downsampleSeries([one], 'BOOL', 1_500)).toEqual([one]);
  });

  it('leaves out repeated states even within the budget', () => {
    const points: GraphPoint[] = Array.from({ length: 100 }, (_, index) => [index * MINUTE, 1, false, 'OK']);
    expect(keepStateChanges(points, 1_500)).toEqual([points[0], points[99]]);
  });

  it('never drops a state change, even past the budget', () => {
    const points: GraphPoint[] = Array.from({ length: 4_000 }, (_, index) => [
      index * MINUTE,
      index % 2,
      false,
      'OK',
    ]);
    const result = keepStateChanges(points, 1_500);
    expect(result).toHaveLength(4_000);
  });

  it('drops the points before edges first when the budget is short', () => {
    const points: GraphPoint[] = Array.from({ length: 10_000 }, (_, index) => [
      index * MINUTE,
      Math.floor(index / 10) % 2,
      false,
      'OK',
    ]);
    const result = keepStateChanges(points, 1_500);
    // 999 edges + first + last, then points before edges up to the budget.
    expect(result).toHaveLength(1_500);
    const kept = new Set(result.map(([ts]) => ts));
    for (let index = 10; index < 10_000; index += 10) {
      expect(kept.has(index * MINUTE)).toBe(true);
    }
  });

  it('keeps an ENUM state change and a change of the state text', () => {
    const points: GraphPoint[] = Array.from({ length: 3_000 }, (_, index) => [
      index * MINUTE,
      index < 1_000 ? 2 : 3,
      false,
      index < 2_000 ? 'OK' : 'WARNING',
    ]);
    const result = downsampleSeries(points, 'ENUM', 1_500);
    expect(result).toContainEqual(points[1_000]);
    expect(result).toContainEqual(points[2_000]);
    expect(result).toHaveLength(6);
  });
});
