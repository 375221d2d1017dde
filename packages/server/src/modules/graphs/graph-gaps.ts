import { GRAPH_LIMITS, type GraphPoint, SENSOR_STATE_TEXTS, SENSOR_STATUSES } from '@vigil/contracts';

/**
 * Gaps (M sections 2 and 9; docs/graphs.md 'Gaps'): a null point where two points are further apart than
 * 30 minutes × 1.15 (12 hours × 1.15 for historical graphs), and a null point for every stored bucket without
 * a value. The null point's state text says why, with the lost-communication labels of M section 2.
 */

const NOT_SCANNED_CODE = SENSOR_STATUSES.indexOf('Not Scanned');

/**
 * The label of a stored point without a value: 'Not Scanned' → 'Sensor Not Scanned by T500'; anything else
 * (N/A: the node did not answer the T500) → 'Lost Communication Between T500 and node'. 'Disabled' is not in
 * stored rows (they keep the status code and the value, not Meta.State): see `withGapPoints`.
 */
export function gapLabelOf(statusCode: number): string {
  return statusCode === NOT_SCANNED_CODE
    ? SENSOR_STATE_TEXTS.notScanned
    : SENSOR_STATE_TEXTS.lostCommunication;
}

/**
 * The longest distance between points that is not a gap: the base (30 min, or 12 h for historical graphs) ×
 * 1.15, never shorter than the points' own spacing × 1.15 (hourly points are an hour apart by nature).
 * Rounded to whole ms: 30 min × 1.15 in floating point falls just short of 34.5 min.
 */
export function gapThresholdMs(baseMs: number, stepMs = 0): number {
  return Math.round(Math.max(baseMs, stepMs) * GRAPH_LIMITS.gapFactor);
}

export type GapOptions = {
  thresholdMs: number;
  /** Live updates: the newest point the page holds; a gap from it to the first new point gets a null point. */
  previousTs?: number | undefined;
  /** Ranges ending now: a gap from the last point up to this instant gets a null point too. */
  until?: number | undefined;
  /** The latest tree's Meta.State is 'Disabled': the trailing null span is labelled 'Disabled'. */
  disabled?: boolean;
};

const nullPoint = (ts: number, label: string): GraphPoint => [ts, null, false, label];

/**
 * The points with a null point halfway across each gap, a run of null points with the same label kept as its
 * first point, and (when the sensor is disabled) the trailing null span labelled 'Disabled'. Never changes its
 * input.
 */
export function withGapPoints(points: readonly GraphPoint[], options: GapOptions): GraphPoint[] {
  const { thresholdMs } = options;
  const disabled = options.disabled === true;
  let trailingNulls = points.length;
  while (trailingNulls > 0 && points[trailingNulls - 1]?.[1] === null) {
    trailingNulls -= 1;
  }
  const result: GraphPoint[] = [];
  let previous: GraphPoint | undefined;
  let previousTs = options.previousTs;
  points.forEach((given, index) => {
    const point: GraphPoint =
      disabled && index >= trailingNulls ? [given[0], null, given[2], SENSOR_STATE_TEXTS.disabled] : given;
    if (point[1] === null) {
      if (previous === undefined || previous[1] !== null || previous[3] !== point[3]) {
        result.push(point);
        previous = point;
      }
      previousTs = point[0];
      return;
    }
    if (previousTs !== undefined && previous?.[1] !== null && point[0] - previousTs > thresholdMs) {
      result.push(nullPoint(Math.floor((previousTs + point[0]) / 2), SENSOR_STATE_TEXTS.lostCommunication));
    }
    result.push(point);
    previous = point;
    previousTs = point[0];
  });
  const { until } = options;
  if (
    until !== undefined &&
    previousTs !== undefined &&
    previous?.[1] !== null &&
    until - previousTs > thresholdMs
  ) {
    const label = disabled ? SENSOR_STATE_TEXTS.disabled : SENSOR_STATE_TEXTS.lostCommunication;
    result.push(nullPoint(Math.floor((previousTs + until) / 2), label));
  }
  return result;
}
