import { type GraphPoint, SENSOR_STATUSES, type SensorType } from '@vigil/contracts';
import type { BucketRow } from './graph-buckets';
import { downsampleSeries } from './graph-downsample';
import { type GapOptions, gapLabelOf, withGapPoints } from './graph-gaps';
import type { SeriesLayout } from './graph-layout';

/**
 * A series' points `[ts_ms, value, in_alarm, state]` from its buckets (docs/graphs.md 'Points'): scaled as
 * the dashboard shows the sensor, gaps marked, then held to the point budget.
 */

type Scaling = Pick<SeriesLayout, 'sensorType' | 'scale' | 'identity'>;

const stateOf = (statusCode: number): string => SENSOR_STATUSES[statusCode] ?? 'OK';

/**
 * One bucket's points. A bucket without a value is a null point labelled from its status. NUMERIC: one point
 * when min = max, else both extremes (the one equal to the bucket's last value second; otherwise the one nearer
 * the previous point first), the first at t1 and the second at t2. BOOL and ENUM: the bucket's last state, after
 * the other states it passed through (a pulse inside a bucket is never lost). A bucket whose last reading had
 * no value ends with a null point at t2 (its values move to t1 and halfway).
 */
function pushBucket(into: GraphPoint[], row: BucketRow, series: Scaling): void {
  if (row.count === 0 || row.min === null || row.max === null) {
    into.push([row.t1, null, row.alarm, gapLabelOf(row.status)]);
    return;
  }
  const scale = series.scale;
  const a = series.identity ? row.min : scale(row.min);
  const b = series.identity ? row.max : scale(row.max);
  const low = Math.min(a, b);
  const high = Math.max(a, b);
  const endsWithoutValue = row.last === null;
  const last = row.last === null ? undefined : series.identity ? row.last : scale(row.last);
  const state = stateOf(row.status);
  const halfway = Math.floor((row.t1 + row.t2) / 2);
  const secondTs = endsWithoutValue ? halfway : row.t2;
  if (low === high) {
    into.push([row.t1, low, row.alarm, state]);
  } else if (series.sensorType !== 'NUMERIC') {
    const others = [low, high].filter((value) => value !== last);
    others.forEach((value, position) => {
      into.push([position === 0 ? row.t1 : halfway, value, row.alarm, state]);
    });
    if (last !== undefined) {
      into.push([row.t2, last, row.alarm, state]);
    }
  } else {
    let second = last === high ? high : last === low ? low : undefined;
    if (second === undefined) {
      const previous = into[into.length - 1]?.[1];
      second =
        previous !== null && previous !== undefined && Math.abs(previous - high) < Math.abs(previous - low)
          ? low
          : high;
    }
    into.push([row.t1, second === high ? low : high, row.alarm, state]);
    into.push([secondTs, second, row.alarm, state]);
  }
  if (endsWithoutValue) {
    into.push([row.t2, null, row.alarm, gapLabelOf(row.status)]);
  }
}

/** The bucket rows of one sensor (oldest first) as graph points, before gaps and the budget. */
export function pointsOfBuckets(rows: readonly BucketRow[], series: Scaling): GraphPoint[] {
  const points: GraphPoint[] = [];
  for (const row of rows) {
    pushBucket(points, row, series);
  }
  return points;
}

export type SeriesPointOptions = Omit<GapOptions, 'disabled'> & { budget: number };

/** A series' points as the payload carries them: expanded, gaps marked, within the point budget. */
export function seriesPoints(
  rows: readonly BucketRow[],
  series: Scaling & Pick<SeriesLayout, 'latestState'> & { sensorType: SensorType },
  options: SeriesPointOptions,
): GraphPoint[] {
  const points = withGapPoints(pointsOfBuckets(rows, series), {
    ...options,
    disabled: series.latestState === 'Disabled',
  });
  return downsampleSeries(points, series.sensorType, options.budget);
}
