import type { DeviceGraphs, GraphPoint } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { DAY_MINUTES, MINUTE_MS, spikesBetween } from './history-values';
import { checkGraphPayload, expectedPayload, type PayloadExpectation } from './payload-check';
import { plannedSensorId, planSensors } from './sensor-plan';

const must = <T>(value: T | undefined): T => {
  if (value === undefined) {
    throw new Error('the fixture lacks a value');
  }
  return value;
};

const HOUR_MS = 3_600_000;
const FROM = Date.parse('2026-10-25T00:00:00Z');
const TO = FROM + 30 * 24 * HOUR_MS;

const expected: PayloadExpectation = {
  sensorIds: ['D.g1.1', 'D.g1.2', 'D.g2.1'],
  graphs: 2,
  pointBudget: 1500,
  coverFrom: FROM,
  coverTo: TO,
  edgeMs: 2 * HOUR_MS,
  spikes: new Map([['D.g1.1', 185]]),
};

/** Hourly points over the whole range, the first series with one point at the spike's height. */
function hourly(peak: number | null): GraphPoint[] {
  return Array.from({ length: 720 }, (_, i) => [
    FROM + i * HOUR_MS,
    i === 300 && peak !== null ? peak : 100,
    false,
    'OK',
  ]);
}

function payload(
  overrides: { peak?: number | null; drop?: string; points?: GraphPoint[] } = {},
): DeviceGraphs {
  const series = (sensor: string, data: GraphPoint[]) => ({
    sensor,
    name: `g:${sensor}`,
    device_name: 'D',
    sensor_type: 'NUMERIC' as const,
    value_label: 'Value',
    data,
  });
  const all = [
    series('D.g1.1', hourly(overrides.peak === undefined ? 222 : overrides.peak)),
    series('D.g1.2', overrides.points ?? hourly(null)),
    series('D.g2.1', hourly(null)),
  ].filter((entry) => entry.sensor !== overrides.drop);
  return {
    device: 1,
    device_name: 'D',
    device_type: 'F500',
    graphs: {
      g1: {
        units: '°F',
        value_label: 'Value',
        series: all.filter((entry) => entry.sensor.startsWith('D.g1')),
      },
      g2: {
        units: '°F',
        value_label: 'Value',
        series: all.filter((entry) => entry.sensor.startsWith('D.g2')),
      },
    },
  };
}

describe('checkGraphPayload', () => {
  it('passes a full payload and counts its graphs, series, points and spikes', () => {
    const { facts, problems } = checkGraphPayload(payload(), expected);
    expect(problems).toEqual([]);
    expect(facts).toEqual({
      graphs: 2,
      series: 3,
      pointsMin: 720,
      pointsMax: 720,
      pointsTotal: 2160,
      nullPoints: 0,
      spikesShown: 1,
      spikesExpected: 1,
    });
  });

  it('fails an empty answer loudly', () => {
    expect(checkGraphPayload({ graphs: {} }, expected).problems).toEqual(['the payload holds no graphs']);
    expect(checkGraphPayload(null, expected).problems).toEqual(['the payload holds no graphs']);
    expect(checkGraphPayload({ detail: 'Not found.' }, expected).problems).toEqual([
      'the payload holds no graphs',
    ]);
  });

  it('names a missing series and a missing graph', () => {
    expect(checkGraphPayload(payload({ drop: 'D.g2.1' }), expected).problems).toEqual([
      'no series for 1 of 3 sensors: D.g2.1',
    ]);
    const withoutG2 = payload();
    delete withoutG2.graphs.g2;
    expect(checkGraphPayload(withoutG2, expected).problems).toEqual([
      '1 graphs, expected 2 (one per sensor group)',
      'no series for 1 of 3 sensors: D.g2.1',
    ]);
  });

  it('fails a series over the point budget, one without values, one cut short', () => {
    const many = Array.from({ length: 1501 }, (_, i): GraphPoint => [FROM + i * 60_000 * 28, 1, false, 'OK']);
    expect(checkGraphPayload(payload({ points: many }), expected).problems).toEqual([
      'over the 1500-point budget: D.g1.2 (1501)',
    ]);
    const gaps = hourly(null).map((point): GraphPoint => [point[0], null, false, '']);
    expect(checkGraphPayload(payload({ points: gaps }), expected).problems).toEqual([
      'no values at all in 1 series: D.g1.2',
    ]);
    const { problems } = checkGraphPayload(
      { graphs: { g: { series: [{ sensor: 'D.g1.1', data: [[TO - HOUR_MS, 200, true, 'Alarm']] }] } } },
      { ...expected, sensorIds: ['D.g1.1'], graphs: 1 },
    );
    expect(problems).toEqual([expect.stringMatching(/^points from .* do not cover the history/)]);
  });

  it('fails a spike averaged away: an in-alarm flag on a value under the limit is not the spike', () => {
    const averaged = payload({ peak: 110 });
    const point = averaged.graphs.g1?.series[0]?.data[300];
    if (point !== undefined) {
      point[2] = true;
    }
    expect(checkGraphPayload(averaged, expected).problems).toEqual([
      'alarm spikes averaged away in 1 of 1 series: D.g1.1',
    ]);
  });

  it('fails points that are not [timestamp, value, inAlarm, state]', () => {
    const { problems } = checkGraphPayload(
      payload({ points: [{ ts: FROM, value: 1 }] as unknown as GraphPoint[] }),
      expected,
    );
    expect(problems).toEqual(['points not [timestamp, value, inAlarm, state] in D.g1.2']);
  });
});

describe('expectedPayload', () => {
  it('asks for every planned sensor and group, the 30 days ending now, and the spikes inside them', () => {
    const sensors = planSensors(100);
    const toMinute = Math.floor(TO / MINUTE_MS);
    const history = { fromMinute: toMinute - 35 * DAY_MINUTES, toMinute };
    const nowMs = TO + 10 * 60_000;
    const expectation = expectedPayload({ udfId: 'SIM00001', position: 0 }, sensors, history, {
      nowMs,
      rangeMs: 30 * 24 * HOUR_MS,
    });
    expect(expectation.sensorIds).toHaveLength(100);
    expect(expectation.graphs).toBe(25);
    expect(expectation.pointBudget).toBe(1500);
    expect(expectation.coverFrom).toBe(nowMs - 30 * 24 * HOUR_MS);
    expect(expectation.coverTo).toBe(TO);
    const withSpikes = sensors.filter(
      (sensor) =>
        spikesBetween(0, sensor, (expectation.coverFrom + HOUR_MS) / MINUTE_MS, toMinute - 60).length > 0,
    );
    expect(withSpikes.length).toBeGreaterThan(50); // about 3 spikes in 30 days each
    expect([...expectation.spikes.keys()]).toEqual(
      withSpikes.map((sensor) => plannedSensorId('SIM00001', sensor)),
    );
    expect(expectation.spikes.get(plannedSensorId('SIM00001', must(withSpikes[0])))).toBe(
      must(withSpikes[0]).alarmAbove,
    );
  });

  it('covers from the start of a history shorter than the range', () => {
    const toMinute = Math.floor(TO / MINUTE_MS);
    const expectation = expectedPayload(
      { udfId: 'SIM00001', position: 0 },
      planSensors(8),
      { fromMinute: toMinute - 2 * DAY_MINUTES, toMinute },
      { nowMs: TO, rangeMs: 30 * 24 * HOUR_MS },
    );
    expect(expectation.coverFrom).toBe((toMinute - 2 * DAY_MINUTES) * MINUTE_MS);
  });
});
