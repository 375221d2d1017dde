import { SENSOR_STATUSES } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import type { BucketRow } from './graph-buckets';
import { pointsOfBuckets, seriesPoints } from './graph-points';

const OK = SENSOR_STATUSES.indexOf('OK');
const ALARM = SENSOR_STATUSES.indexOf('Alarm');
const NA = SENSOR_STATUSES.indexOf('N/A');
const HOUR = 3_600_000;

const bucket = (t1: number, values: Partial<BucketRow>): BucketRow => ({
  key: 1,
  t1,
  t2: t1 + HOUR / 2,
  min: 10,
  max: 10,
  last: 10,
  count: 60,
  status: OK,
  alarm: false,
  ...values,
});
const numeric = { sensorType: 'NUMERIC' as const, scale: (value: number) => value, identity: true };

describe('pointsOfBuckets', () => {
  it('gives one point for a flat bucket and both extremes otherwise, the last value second', () => {
    const points = pointsOfBuckets(
      [bucket(0, {}), bucket(HOUR, { min: 5, max: 90, last: 90, status: ALARM, alarm: true })],
      numeric,
    );
    expect(points).toEqual([
      [0, 10, false, 'OK'],
      [HOUR, 5, true, 'Alarm'],
      [HOUR * 1.5, 90, true, 'Alarm'],
    ]);
  });

  it('draws the extreme nearer the previous point first when the last value is neither', () => {
    const points = pointsOfBuckets(
      [bucket(0, { min: 100, max: 100 }), bucket(HOUR, { min: 5, max: 90, last: 40 })],
      numeric,
    );
    expect(points.slice(1).map((point) => point[1])).toEqual([90, 5]);
  });

  it('makes a bucket without values a null point labelled from its status', () => {
    expect(
      pointsOfBuckets([bucket(0, { count: 0, min: null, max: null, last: null, status: NA })], numeric),
    ).toEqual([[0, null, false, 'Lost Communication Between T500 and node']]);
  });

  it('applies the scaling to every value (k < 0 swaps the extremes)', () => {
    const points = pointsOfBuckets([bucket(0, { min: 1, max: 3, last: 3 })], {
      sensorType: 'NUMERIC',
      scale: (value) => value * -2 + 1,
      identity: false,
    });
    expect(points.map((point) => point[1])).toEqual([-1, -5]);
  });

  it('keeps a BOOL pulse inside one bucket: the other state first, the last state second', () => {
    const bool = { sensorType: 'BOOL' as const, scale: (value: number) => value, identity: true };
    const points = pointsOfBuckets(
      [bucket(0, { min: 0, max: 1, last: 0, alarm: true, status: ALARM })],
      bool,
    );
    expect(points).toEqual([
      [0, 1, true, 'Alarm'],
      [HOUR / 2, 0, true, 'Alarm'],
    ]);
  });
  it('ends a bucket whose last reading had no value with a null point', () => {
    const points = pointsOfBuckets(
      [bucket(0, { min: 4, max: 4, last: null, count: 3, status: NA })],
      numeric,
    );
    expect(points).toEqual([
      [0, 4, false, 'N/A'],
      [HOUR / 2, null, false, 'Lost Communication Between T500 and node'],
    ]);
  });
});

describe('seriesPoints', () => {
  it('marks gaps, then holds the series to the budget', () => {
    const rows = Array.from({ length: 720 }, (_, index) =>
      index >= 100 && index < 110
        ? bucket(-1, {})
        : bucket(index * HOUR, { min: index, max: index + 1, last: index + 1 }),
    ).filter((row) => row.t1 >= 0);
    const points = seriesPoints(
      rows,
      { ...numeric, latestState: null },
      { thresholdMs: 69 * 60_000, budget: 1_500 },
    );
    expect(points.length).toBeLessThanOrEqual(1_500);
    expect(points.filter((point) => point[1] === null)).toHaveLength(1);
  });
});
