import type { GraphPoint, SensorType } from '@vigil/contracts';

/**
 * The point budget (issue 10; docs/graphs.md 'Point budget'): a series carries at most `budget` points
 * whatever the range. NUMERIC series keep, per time bucket, their minimum and maximum (so a short spike is
 * never averaged away) and the bucket's first null point (so gaps and their labels stay); a bucket with any
 * alarm point stays in alarm. BOOL and ENUM series keep every state change, never dropped, plus the first and
 * last point and, while the budget allows, the point before each change (so a line draws a true edge); the
 * repeated states between are always left out.
 */

/** Never changes its input; answers the input itself when nothing is left out. */
export function downsampleSeries(points: GraphPoint[], sensorType: SensorType, budget: number): GraphPoint[] {
  return sensorType === 'NUMERIC' ? downsampleMinMax(points, budget) : keepStateChanges(points, budget);
}

/** Min/max per time bucket; the series as it is when it fits the budget. */
export function downsampleMinMax(points: GraphPoint[], budget: number): GraphPoint[] {
  if (points.length <= budget) {
    return points;
  }
  // Two points per bucket usually; three where a bucket also holds a gap, so fall back to fewer buckets.
  const pairs = minMaxBuckets(points, Math.max(1, Math.floor(budget / 2)));
  return pairs.length <= budget ? pairs : minMaxBuckets(points, Math.max(1, Math.floor(budget / 3)));
}

function minMaxBuckets(points: readonly GraphPoint[], bucketCount: number): GraphPoint[] {
  const first = points[0];
  const last = points[points.length - 1];
  if (first === undefined || last === undefined) {
    return [];
  }
  const width = Math.max(1, (last[0] - first[0] + 1) / bucketCount);
  const result: GraphPoint[] = [];
  let index = 0;
  while (index < points.length) {
    const bucket = Math.floor(((points[index] as GraphPoint)[0] - first[0]) / width);
    let lowest: GraphPoint | undefined;
    let highest: GraphPoint | undefined;
    let gap: GraphPoint | undefined;
    let alarmState: string | undefined;
    let point = points[index];
    while (point !== undefined && Math.floor((point[0] - first[0]) / width) === bucket) {
      const value = point[1];
      if (value === null) {
        gap ??= point;
      } else {
        if (lowest === undefined || value < (lowest[1] as number)) {
          lowest = point;
        }
        if (highest === undefined || value > (highest[1] as number)) {
          highest = point;
        }
        if (point[2] && alarmState === undefined) {
          alarmState = point[3];
        }
      }
      index += 1;
      point = points[index];
    }
    const kept = [lowest, highest, gap].filter(
      (candidate, position, all): candidate is GraphPoint =>
        candidate !== undefined && all.indexOf(candidate) === position,
    );
    kept.sort((a, b) => a[0] - b[0]);
    for (const candidate of kept) {
      result.push(
        alarmState === undefined || candidate[1] === null
          ? candidate
          : [candidate[0], candidate[1], true, alarmState],
      );
    }
  }
  return result;
}

const samePoint = (a: GraphPoint, b: GraphPoint): boolean => a[1] === b[1] && a[2] === b[2] && a[3] === b[3];

/**
 * BOOL and ENUM: first and last point, every change of value, alarm or state text, and (budget allowing) the
 * point before each; the points between, which repeat a state, are left out whatever the budget (a line through
 * the kept points draws the same picture).
 */
export function keepStateChanges(points: readonly GraphPoint[], budget: number): GraphPoint[] {
  if (points.length <= 2) {
    return [...points];
  }
  const changes = new Set<number>([0, points.length - 1]);
  const before = new Set<number>();
  for (let index = 1; index < points.length; index++) {
    if (!samePoint(points[index] as GraphPoint, points[index - 1] as GraphPoint)) {
      changes.add(index);
      before.add(index - 1);
    }
  }
  const kept = new Set(changes);
  for (const index of before) {
    if (kept.size >= budget) {
      break;
    }
    kept.add(index);
  }
  return [...kept].sort((a, b) => a - b).map((index) => points[index] as GraphPoint);
}
