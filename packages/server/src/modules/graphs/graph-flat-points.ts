import { SENSOR_STATE_TEXTS, SENSOR_STATUSES } from '@vigil/contracts';
import { type FlatBuckets, NULL_LAST, NULL_MAX, NULL_MIN } from './graph-flat-buckets';
import { type GapOptions, gapLabelOf } from './graph-gaps';
import type { SeriesLayout } from './graph-layout';

/**
 * A series' points as columns `ts, value (isNull), alarm, label` instead of `[ts, value, alarm, state]` arrays:
 * the rules of graph-points.ts `pushBucket` and graph-gaps.ts `withGapPoints`, step for step (graph-flat-points
 * tests compare both on random buckets), without an array per point. Labels are indexes into `PointLabels`.
 */

export type FlatPoints = {
  length: number;
  ts: Float64Array;
  value: Float64Array;
  isNull: Uint8Array;
  alarm: Uint8Array;
  label: Uint16Array;
};

export function createFlatPoints(capacity: number): FlatPoints {
  const size = Math.max(1, capacity);
  return {
    length: 0,
    ts: new Float64Array(size),
    value: new Float64Array(size),
    isNull: new Uint8Array(size),
    alarm: new Uint8Array(size),
    label: new Uint16Array(size),
  };
}

/** The state texts and gap labels of one payload, each once, with its JSON text. */
export class PointLabels {
  readonly texts: string[] = [];
  /** Each text's JSON (quoted, escaped) as UTF-8 bytes. */
  readonly json: Buffer[] = [];
  private readonly indexes = new Map<string, number>();
  private readonly states: number[] = [];
  private readonly gaps: number[] = [];

  of(text: string): number {
    let index = this.indexes.get(text);
    if (index === undefined) {
      index = this.texts.length;
      this.texts.push(text);
      this.json.push(Buffer.from(JSON.stringify(text)));
      this.indexes.set(text, index);
    }
    return index;
  }

  /** graph-points.ts `stateOf`. */
  stateOf(statusCode: number): number {
    let index = this.states[statusCode];
    if (index === undefined) {
      index = this.of(SENSOR_STATUSES[statusCode] ?? 'OK');
      this.states[statusCode] = index;
    }
    return index;
  }

  gapOf(statusCode: number): number {
    let index = this.gaps[statusCode];
    if (index === undefined) {
      index = this.of(gapLabelOf(statusCode));
      this.gaps[statusCode] = index;
    }
    return index;
  }
}

function push(into: FlatPoints, ts: number, value: number | null, alarm: number, label: number): void {
  const at = into.length;
  into.ts[at] = ts;
  into.value[at] = value ?? 0;
  into.isNull[at] = value === null ? 1 : 0;
  into.alarm[at] = alarm;
  into.label[at] = label;
  into.length = at + 1;
}

type Scaling = Pick<SeriesLayout, 'sensorType' | 'scale' | 'identity'>;

/** graph-points.ts `pushBucket` for bucket `i` of the columns (at most 3 points). */
function pushBucketPoints(
  into: FlatPoints,
  b: FlatBuckets,
  i: number,
  series: Scaling,
  labels: PointLabels,
): void {
  const t1 = b.t1[i] as number;
  const t2 = b.t2[i] as number;
  const nulls = b.nulls[i] as number;
  const alarm = b.alarm[i] as number;
  const status = b.status[i] as number;
  if (b.count[i] === 0 || (nulls & (NULL_MIN | NULL_MAX)) !== 0) {
    push(into, t1, null, alarm, labels.gapOf(status));
    return;
  }
  const { scale, identity } = series;
  const a = identity ? (b.min[i] as number) : scale(b.min[i] as number);
  const c = identity ? (b.max[i] as number) : scale(b.max[i] as number);
  const low = Math.min(a, c);
  const high = Math.max(a, c);
  const endsWithoutValue = (nulls & NULL_LAST) !== 0;
  const last = endsWithoutValue ? undefined : identity ? (b.last[i] as number) : scale(b.last[i] as number);
  const state = labels.stateOf(status);
  const halfway = Math.floor((t1 + t2) / 2);
  const secondTs = endsWithoutValue ? halfway : t2;
  if (low === high) {
    push(into, t1, low, alarm, state);
  } else if (series.sensorType !== 'NUMERIC') {
    let position = 0;
    for (const value of [low, high]) {
      if (value !== last) {
        push(into, position === 0 ? t1 : halfway, value, alarm, state);
        position += 1;
      }
    }
    if (last !== undefined) {
      push(into, t2, last, alarm, state);
    }
  } else {
    let second = last === high ? high : last === low ? low : undefined;
    if (second === undefined) {
      const previous =
        into.length > 0 && into.isNull[into.length - 1] === 0 ? into.value[into.length - 1] : undefined;
      second = previous !== undefined && Math.abs(previous - high) < Math.abs(previous - low) ? low : high;
    }
    push(into, t1, second === high ? low : high, alarm, state);
    push(into, secondTs, second, alarm, state);
  }
  if (endsWithoutValue) {
    push(into, t2, null, alarm, labels.gapOf(status));
  }
}

/** `reuse` emptied when it has room for `capacity` points, else new columns (one set per payload, not per series). */
function emptyPoints(capacity: number, reuse: FlatPoints | undefined): FlatPoints {
  if (reuse === undefined || reuse.ts.length < capacity) {
    return createFlatPoints(Math.max(capacity, 2 * (reuse?.ts.length ?? 0)));
  }
  reuse.length = 0;
  return reuse;
}

/** The buckets' points before gaps and the budget (graph-points.ts `pointsOfBuckets`); into `reuse` if it fits. */
export function flatPointsOfBuckets(
  b: FlatBuckets,
  series: Scaling,
  labels: PointLabels,
  reuse?: FlatPoints,
): FlatPoints {
  const points = emptyPoints(b.length * 3, reuse);
  for (let i = 0; i < b.length; i++) {
    pushBucketPoints(points, b, i, series, labels);
  }
  return points;
}

/** graph-gaps.ts `withGapPoints` on columns: other columns (`reuse` if it fits), the input unchanged. */
export function withFlatGapPoints(
  points: FlatPoints,
  options: GapOptions,
  labels: PointLabels,
  reuse?: FlatPoints,
): FlatPoints {
  const { thresholdMs, until } = options;
  const disabled = options.disabled === true;
  const disabledLabel = labels.of(SENSOR_STATE_TEXTS.disabled);
  const lostLabel = labels.of(SENSOR_STATE_TEXTS.lostCommunication);
  let trailingNulls = points.length;
  while (trailingNulls > 0 && points.isNull[trailingNulls - 1] === 1) {
    trailingNulls -= 1;
  }
  const result = emptyPoints(points.length * 2 + 1, reuse);
  // The last point kept (-1: none yet) and whether it is a null point, with its label.
  let hasPrevious = false;
  let previousIsNull = false;
  let previousLabel = -1;
  let previousTs = options.previousTs;
  for (let index = 0; index < points.length; index++) {
    const ts = points.ts[index] as number;
    const alarm = points.alarm[index] as number;
    const isNull = disabled && index >= trailingNulls ? true : points.isNull[index] === 1;
    const label = disabled && index >= trailingNulls ? disabledLabel : (points.label[index] as number);
    if (isNull) {
      if (!hasPrevious || !previousIsNull || previousLabel !== label) {
        push(result, ts, null, alarm, label);
        hasPrevious = true;
        previousIsNull = true;
        previousLabel = label;
      }
      previousTs = ts;
      continue;
    }
    if (previousTs !== undefined && !(hasPrevious && previousIsNull) && ts - previousTs > thresholdMs) {
      push(result, Math.floor((previousTs + ts) / 2), null, 0, lostLabel);
    }
    push(result, ts, points.value[index] as number, alarm, label);
    hasPrevious = true;
    previousIsNull = false;
    previousLabel = label;
    previousTs = ts;
  }
  if (
    until !== undefined &&
    previousTs !== undefined &&
    !(hasPrevious && previousIsNull) &&
    until - previousTs > thresholdMs
  ) {
    push(result, Math.floor((previousTs + until) / 2), null, 0, disabled ? disabledLabel : lostLabel);
  }
  return result;
}
