import type { GraphPoint, SensorType } from '@vigil/contracts';
import { downsampleSeries } from './graph-downsample';
import type { FlatBuckets } from './graph-flat-buckets';
import {
  type FlatPoints,
  flatPointsOfBuckets,
  type PointLabels,
  withFlatGapPoints,
} from './graph-flat-points';
import type { SeriesLayout } from './graph-layout';
import type { SeriesPointOptions } from './graph-points';

/**
 * A series' `data` as JSON text straight from its bucket columns: the text `JSON.stringify(seriesPoints(...))`
 * gives (graph-points.ts), byte for byte, without building a `[ts, value, alarm, state]` array per point. A
 * series over the point budget, and BOOL and ENUM series (state changes only), go through graph-downsample.ts
 * as point arrays: they are few, and its rules stay in one place.
 */

type SeriesOfJson = Pick<SeriesLayout, 'sensorType' | 'scale' | 'identity' | 'latestState'> & {
  sensorType: SensorType;
};

/** JSON.stringify's text of a number (Number.prototype.toString for finite ones, null otherwise). */
const numberJson = (value: number): string => (Number.isFinite(value) ? String(value) : 'null');

function pointsJson(points: FlatPoints, labels: PointLabels): string {
  if (points.length === 0) {
    return '[]';
  }
  let text = '[';
  for (let i = 0; i < points.length; i++) {
    text += `${i === 0 ? '[' : ',['}${numberJson(points.ts[i] as number)},${
      points.isNull[i] === 1 ? 'null' : numberJson(points.value[i] as number)
    },${points.alarm[i] === 1 ? 'true' : 'false'},${labels.json[points.label[i] as number]}]`;
  }
  return `${text}]`;
}

/** The columns as the point arrays of the payload (for the downsampling rules). */
export function graphPointsOf(points: FlatPoints, labels: PointLabels): GraphPoint[] {
  const result: GraphPoint[] = [];
  for (let i = 0; i < points.length; i++) {
    result.push([
      points.ts[i] as number,
      points.isNull[i] === 1 ? null : (points.value[i] as number),
      points.alarm[i] === 1,
      labels.texts[points.label[i] as number] as string,
    ]);
  }
  return result;
}

/** The series' points as JSON text: expanded, gaps marked, within the point budget. */
export function seriesPointsJson(
  buckets: FlatBuckets,
  series: SeriesOfJson,
  options: SeriesPointOptions,
  labels: PointLabels,
): string {
  const points = withFlatGapPoints(
    flatPointsOfBuckets(buckets, series, labels),
    { ...options, disabled: series.latestState === 'Disabled' },
    labels,
  );
  if (series.sensorType === 'NUMERIC' && points.length <= options.budget) {
    return pointsJson(points, labels);
  }
  return JSON.stringify(downsampleSeries(graphPointsOf(points, labels), series.sensorType, options.budget));
}
