import { SENSOR_STATUSES, type SensorType } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import type { BucketRow } from './graph-buckets';
import { flatBucketsOf } from './graph-flat-buckets';
import { PointLabels } from './graph-flat-points';
import { JsonWriter } from './graph-json-writer';
import { type SeriesPointOptions, seriesPoints } from './graph-points';
import { type PointsScratch, writeSeriesPoints } from './graph-series-json';

function seriesPointsJson(
  buckets: Parameters<typeof writeSeriesPoints>[0],
  series: Parameters<typeof writeSeriesPoints>[1],
  options: SeriesPointOptions,
  labels: PointLabels,
  scratch: PointsScratch = {},
): string {
  const writer = new JsonWriter(16);
  writeSeriesPoints(buckets, series, options, labels, writer, scratch);
  return writer.result().toString();
}

/** The JSON text of the columns' path against JSON.stringify of the point arrays' path (graph-points.ts). */

const HOUR = 3_600_000;

/** A small deterministic generator (mulberry32), so a failure names its seed. */
function randomOf(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Buckets of one sensor: values, gaps (missing buckets), buckets without values, alarms, statuses. */
function bucketsOf(random: () => number, type: SensorType, count: number): BucketRow[] {
  const rows: BucketRow[] = [];
  let t = 1_763_000_000_000;
  const value = () =>
    type === 'NUMERIC' ? Math.round((random() * 200 - 100) * 100) / 100 : random() < 0.5 ? 0 : 1;
  for (let i = 0; i < count; i++) {
    t += random() < 0.05 ? 5 * HOUR : 2 * HOUR;
    const status = Math.floor(random() * SENSOR_STATUSES.length);
    const empty = random() < 0.08;
    const a = value();
    const b = random() < 0.3 ? a : value();
    const lastRoll = random();
    const last = empty || lastRoll < 0.1 ? null : lastRoll < 0.4 ? a : lastRoll < 0.7 ? b : value();
    rows.push({
      key: 1,
      t1: t,
      t2: t + (random() < 0.1 ? 0 : HOUR + Math.floor(random() * HOUR)),
      min: empty ? null : Math.min(a, b),
      max: empty ? null : Math.max(a, b),
      last,
      count: empty ? 0 : 1 + Math.floor(random() * 3),
      status,
      alarm: random() < 0.1,
    });
  }
  return rows;
}

type Case = { type: SensorType; k: number; c: number; disabled: boolean; budget: number; count: number };

const CASES: Case[] = [
  { type: 'NUMERIC', k: 1, c: 0, disabled: false, budget: 1500, count: 360 },
  { type: 'NUMERIC', k: -2.5, c: 3, disabled: false, budget: 1500, count: 360 },
  { type: 'NUMERIC', k: 1, c: 0, disabled: true, budget: 1500, count: 200 },
  { type: 'NUMERIC', k: 0.1, c: 0, disabled: false, budget: 200, count: 360 },
  { type: 'BOOL', k: 1, c: 0, disabled: false, budget: 1500, count: 360 },
  { type: 'BOOL', k: 1, c: 0, disabled: true, budget: 50, count: 360 },
  { type: 'ENUM', k: 1, c: 0, disabled: false, budget: 1500, count: 300 },
];

describe('seriesPointsJson', () => {
  it('writes exactly the text of JSON.stringify(seriesPoints(...)) for random buckets of every kind', () => {
    // One payload's labels and reused columns across every series, as graph-payload-json.ts writes them.
    const labels = new PointLabels();
    const scratch: PointsScratch = {};
    for (let seed = 1; seed <= 60; seed++) {
      const testCase = CASES[seed % CASES.length] as Case;
      const random = randomOf(seed);
      const rows = bucketsOf(random, testCase.type, testCase.count);
      if (testCase.disabled) {
        // A disabled sensor ends without values.
        for (const row of rows.slice(-5)) {
          Object.assign(row, { min: null, max: null, last: null, count: 0 });
        }
      }
      const identity = testCase.k === 1 && testCase.c === 0;
      const series = {
        sensorType: testCase.type,
        identity,
        scale: (stored: number) => Math.round((stored * testCase.k + testCase.c) * 100) / 100,
        latestState: testCase.disabled ? 'Disabled' : null,
      };
      const first = rows[0]?.t1 ?? 0;
      const end = (rows.at(-1)?.t2 ?? 0) + (seed % 3) * 24 * HOUR;
      const options: SeriesPointOptions = {
        thresholdMs: Math.round(2 * HOUR * 1.15),
        previousTs: seed % 4 === 0 ? first - 10 * HOUR : undefined,
        until: seed % 2 === 0 ? end : undefined,
        budget: testCase.budget,
      };
      const expected = JSON.stringify(seriesPoints(rows, series, options));
      const written = seriesPointsJson(flatBucketsOf(rows), series, options, labels, scratch);
      expect(written, `seed ${seed}`).toBe(expected);
    }
  });

  it('writes an empty series as []', () => {
    const series = {
      sensorType: 'NUMERIC' as const,
      identity: true,
      scale: (v: number) => v,
      latestState: null,
    };
    const options = { thresholdMs: 1000, previousTs: undefined, until: 5000, budget: 1500 };
    expect(seriesPointsJson(flatBucketsOf([]), series, options, new PointLabels())).toBe('[]');
  });
});
