import { SENSOR_STATUSES } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { type BucketRow, mergeBuckets, worseStatus } from './graph-buckets';

const code = (status: (typeof SENSOR_STATUSES)[number]) => SENSOR_STATUSES.indexOf(status);
const HOUR = 3_600_000;
const row = (t1: number, values: Partial<BucketRow> = {}): BucketRow => ({
  key: 1,
  t1,
  t2: t1 + HOUR / 2,
  min: 10,
  max: 10,
  last: 10,
  count: 1,
  status: code('OK'),
  alarm: false,
  ...values,
});

describe('worseStatus', () => {
  it('orders Alarm > WARNING > N/A > Not Scanned > OK', () => {
    expect(worseStatus(code('OK'), code('Alarm'))).toBe(code('Alarm'));
    expect(worseStatus(code('Alarm'), code('N/A'))).toBe(code('Alarm'));
    expect(worseStatus(code('Not Scanned'), code('N/A'))).toBe(code('N/A'));
    expect(worseStatus(code('WARNING'), code('OK'))).toBe(code('WARNING'));
  });
});

describe('mergeBuckets', () => {
  it('merges the neighbouring rows of one sensor that fall in one wider bucket', () => {
    const merged = mergeBuckets(
      [
        row(0, { min: 5, max: 8, last: 8 }),
        row(HOUR, { min: 2, max: 30, last: 3, status: code('Alarm'), alarm: true }),
        row(2 * HOUR, { min: null, max: null, last: null, count: 0, status: code('N/A') }),
        row(0, { key: 2 }),
      ],
      2 * HOUR,
    );
    expect(merged).toEqual([
      {
        key: 1,
        t1: 0,
        t2: 1.5 * HOUR,
        min: 2,
        max: 30,
        last: 3,
        count: 2,
        status: code('Alarm'),
        alarm: true,
      },
      row(2 * HOUR, { min: null, max: null, last: null, count: 0, status: code('N/A') }),
      row(0, { key: 2 }),
    ]);
  });
});
