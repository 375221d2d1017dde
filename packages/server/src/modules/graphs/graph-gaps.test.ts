import { GRAPH_LIMITS, type GraphPoint, SENSOR_STATE_TEXTS, SENSOR_STATUSES } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { gapLabelOf, gapThresholdMs, withGapPoints } from './graph-gaps';

const MINUTE = 60_000;
const ok = (minute: number, value = 1): GraphPoint => [minute * MINUTE, value, false, 'OK'];
const threshold = gapThresholdMs(GRAPH_LIMITS.gapMs);

describe('gapThresholdMs', () => {
  it('is 30 min × 1.15, 12 h × 1.15 for historical graphs, and never under the points’ spacing × 1.15', () => {
    expect(threshold).toBe(34.5 * MINUTE);
    expect(gapThresholdMs(GRAPH_LIMITS.historicalGapMs)).toBe(13.8 * 60 * MINUTE);
    expect(gapThresholdMs(GRAPH_LIMITS.gapMs, 60 * MINUTE)).toBe(69 * MINUTE);
  });
});

describe('gapLabelOf', () => {
  it('labels Not Scanned and lost communication (M section 2)', () => {
    expect(gapLabelOf(SENSOR_STATUSES.indexOf('Not Scanned'))).toBe('Sensor Not Scanned by T500');
    expect(gapLabelOf(SENSOR_STATUSES.indexOf('N/A'))).toBe('Lost Communication Between T500 and node');
  });
});

describe('withGapPoints', () => {
  it('puts a labelled null point halfway across a gap longer than the threshold only', () => {
    const points = [ok(0), ok(34), ok(68.5), ok(104)];
    expect(withGapPoints(points, { thresholdMs: threshold })).toEqual([
      ok(0),
      ok(34),
      ok(68.5),
      [86.25 * MINUTE, null, false, SENSOR_STATE_TEXTS.lostCommunication],
      ok(104),
    ]);
  });

  it('adds no second null point next to a stored null point', () => {
    const stored: GraphPoint = [10 * MINUTE, null, false, SENSOR_STATE_TEXTS.notScanned];
    expect(withGapPoints([ok(0), stored, ok(200)], { thresholdMs: threshold })).toEqual([
      ok(0),
      stored,
      ok(200),
    ]);
  });

  it('marks a gap from the page’s newest point (live) and up to now', () => {
    const result = withGapPoints([ok(100)], { thresholdMs: threshold, previousTs: 0, until: 200 * MINUTE });
    expect(result.map(([ts, value]) => [ts / MINUTE, value])).toEqual([
      [50, null],
      [100, 1],
      [150, null],
    ]);
  });

  it("labels the trailing null span 'Disabled' when the latest tree says the sensor is disabled", () => {
    const stored: GraphPoint = [10 * MINUTE, null, false, SENSOR_STATE_TEXTS.lostCommunication];
    const result = withGapPoints([ok(0), ok(5), stored], {
      thresholdMs: threshold,
      until: 100 * MINUTE,
      disabled: true,
    });
    expect(result).toEqual([ok(0), ok(5), [10 * MINUTE, null, false, 'Disabled']]);
    const gapToNow = withGapPoints([ok(0)], { thresholdMs: threshold, until: 100 * MINUTE, disabled: true });
    expect(gapToNow[1]).toEqual([50 * MINUTE, null, false, 'Disabled']);
  });
});
