import type { GraphPoint, SensorType } from '@vigil/contracts';
import { downsampleSeries } from './graph-downsample';
import type { FlatBuckets } from './graph-flat-buckets';
import {
  type FlatPoints,
  flatPointsOfBuckets,
  type PointLabels,
  withFlatGapPoints,
} from './graph-flat-points';
import type { JsonWriter } from './graph-json-writer';
import type { SeriesLayout } from './graph-layout';
import type { SeriesPointOptions } from './graph-points';

/**
 * A series' `data` as JSON bytes straight from its bucket columns: the text `JSON.stringify(seriesPoints(...))`
 * gives (graph-points.ts), byte for byte, without building a `[ts, value, alarm, state]` array per point. A
 * series over the point budget, and BOOL and ENUM series (state changes only), go through graph-downsample.ts
 * as point arrays: they are few, and its rules stay in one place.
 */

type SeriesOfJson = Pick<SeriesLayout, 'sensorType' | 'scale' | 'identity' | 'latestState'> & {
  sensorType: SensorType;
};

const OPEN = 91;
const CLOSE = 93;
const COMMA = 44;

function writePoints(points: FlatPoints, labels: PointLabels, writer: JsonWriter): void {
  writer.byte(OPEN);
  for (let i = 0; i < points.length; i++) {
    if (i > 0) {
      writer.byte(COMMA);
    }
    writer.byte(OPEN);
    writer.number(points.ts[i] as number);
    writer.byte(COMMA);
    if (points.isNull[i] === 1) {
      writer.ascii('null');
    } else {
      writer.number(points.value[i] as number);
    }
    writer.ascii(points.alarm[i] === 1 ? ',true,' : ',false,');
    writer.bytes(labels.json[points.label[i] as number] as Buffer);
    writer.byte(CLOSE);
  }
  writer.byte(CLOSE);
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

/** Columns reused from one series to the next of a payload. */
export type PointsScratch = { points?: FlatPoints; gapped?: FlatPoints };

/** Writes the series' points as JSON: expanded, gaps marked, within the point budget. */
export function writeSeriesPoints(
  buckets: FlatBuckets,
  series: SeriesOfJson,
  options: SeriesPointOptions,
  labels: PointLabels,
  writer: JsonWriter,
  scratch: PointsScratch = {},
): void {
  scratch.points = flatPointsOfBuckets(buckets, series, labels, scratch.points);
  scratch.gapped = withFlatGapPoints(
    scratch.points,
    { ...options, disabled: series.latestState === 'Disabled' },
    labels,
    scratch.gapped,
  );
  const points = scratch.gapped;
  if (series.sensorType === 'NUMERIC' && points.length <= options.budget) {
    writePoints(points, labels, writer);
    return;
  }
  writer.text(
    JSON.stringify(downsampleSeries(graphPointsOf(points, labels), series.sensorType, options.budget)),
  );
}
