import type { DeviceGraphs, GraphPoint } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { historicalSpanOf, liveSpanOf, payloadSpanOf } from './graph-span';

const payload = (...lists: GraphPoint[][]): DeviceGraphs => ({
  device: 1,
  device_name: 'Kiln',
  device_type: '0006',
  graphs: {
    g: {
      units: '',
      value_label: '',
      series: lists.map((data, index) => ({
        sensor: `g.${index}`,
        name: `g:${index}`,
        device_name: 'Kiln',
        sensor_type: 'NUMERIC',
        value_label: 'Value',
        data,
      })),
    },
  },
});

const HOUR = 3_600_000;

describe('the span of a payload', () => {
  it('covers the first and last point of every series', () => {
    expect(payloadSpanOf(payload([[0, 1, false, '']], [[2 * HOUR, 1, false, '']]))).toEqual({
      from: 0,
      to: 2 * HOUR,
    });
  });

  it('widens a single moment to an hour around it', () => {
    expect(payloadSpanOf(payload([[10 * HOUR, 1, false, '']]))).toEqual({
      from: 9.5 * HOUR,
      to: 10.5 * HOUR,
    });
  });

  it('is null without points', () => {
    expect(payloadSpanOf(payload([]))).toBeNull();
    expect(payloadSpanOf(null)).toBeNull();
  });
});

describe('the historical span', () => {
  const moment = Date.UTC(2026, 10, 27, 20, 35, 0);

  it('ends at the searched moment, not an hour drawn around a few minutes of points', () => {
    const few = payload([
      [moment - 5 * 60_000, 1, false, 'OK'],
      [moment - 60_000, 2, false, 'OK'],
    ]);
    expect(historicalSpanOf(few, moment)).toEqual({ from: moment - 3_600_000, to: moment });
  });

  it('starts at the first point when the points cover more than the hour', () => {
    const week = payload([
      [moment - 3 * 86_400_000, 1, false, 'OK'],
      [moment, 2, false, 'OK'],
    ]);
    expect(historicalSpanOf(week, moment)).toEqual({ from: moment - 3 * 86_400_000, to: moment });
    expect(historicalSpanOf(null, moment)).toEqual({ from: moment - 3_600_000, to: moment });
  });
});

describe('the live span', () => {
  const newest = Date.UTC(2026, 10, 27, 21, 14, 0);
  const window = 10 * 60_000;

  it('is the kept window ending at the newest point, for every chart alike', () => {
    const full = payload(
      [
        [newest - 12 * 60_000, 1, false, 'OK'],
        [newest, 2, false, 'OK'],
      ],
      [[newest - 5_000, 0, false, 'OK']],
    );
    expect(liveSpanOf(full, window)).toEqual({ from: newest - window, to: newest });
  });

  it('follows its points, a minute at least, while it holds less than the window', () => {
    const young = payload([
      [newest - 3 * 60_000, 1, false, 'OK'],
      [newest, 2, false, 'OK'],
    ]);
    expect(liveSpanOf(young, window)).toEqual({ from: newest - 3 * 60_000, to: newest });
    const seconds = payload([
      [newest - 5_000, 1, false, 'OK'],
      [newest, 2, false, 'OK'],
    ]);
    expect(liveSpanOf(seconds, window)).toEqual({ from: newest - 60_000, to: newest });
    expect(liveSpanOf(null, window)).toBeNull();
  });
});
