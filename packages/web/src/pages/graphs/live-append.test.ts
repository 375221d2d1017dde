import type { DeviceGraphs, GraphPoint, GraphSeries } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { appendLiveUpdate, newestTimestampOf } from './live-append';

const series = (sensor: string, data: GraphPoint[]): GraphSeries => ({
  sensor,
  name: `Group:${sensor}`,
  device_name: 'Kiln',
  sensor_type: 'NUMERIC',
  value_label: 'Value',
  data,
});

const payload = (graphs: Record<string, GraphSeries[]>): DeviceGraphs => ({
  device: 1,
  device_name: 'Kiln',
  device_type: '0006',
  graphs: Object.fromEntries(
    Object.entries(graphs).map(([key, list]) => [key, { units: '°C', value_label: 'Value', series: list }]),
  ),
});

const point = (at: number, value: number | null = at): GraphPoint => [at, value, false, ''];

describe('live graph updates', () => {
  it('appends new points by graph key and series position', () => {
    const held = payload({
      'd.ntc': [series('d.ntc.1', [point(1), point(2)]), series('d.ntc.2', [point(2)])],
    });
    const update = payload({
      'd.ntc': [series('d.ntc.1', [point(3)]), series('d.ntc.2', [point(3), point(4)])],
    });
    const next = appendLiveUpdate(held, update, 0);
    expect(next.graphs['d.ntc']?.series.map((one) => one.data.map((p) => p[0]))).toEqual([
      [1, 2, 3],
      [2, 3, 4],
    ]);
  });

  it('drops points older than the live window and never draws a point twice', () => {
    const held = payload({ g: [series('g.1', [point(10), point(20), point(30)])] });
    const update = payload({ g: [series('g.1', [point(30), point(40)])] });
    const next = appendLiveUpdate(held, update, 20);
    expect(next.graphs.g?.series[0]?.data.map((p) => p[0])).toEqual([20, 30, 40]);
  });

  it('keeps gaps (null values) as they come', () => {
    const held = payload({ g: [series('g.1', [point(1)])] });
    const update = payload({ g: [series('g.1', [point(2, null), point(3)])] });
    expect(appendLiveUpdate(held, update, 0).graphs.g?.series[0]?.data[1]).toEqual([2, null, false, '']);
  });

  it('keeps an untouched graph as the same object, so its chart is not redrawn', () => {
    const quiet = [series('q.1', [point(5)])];
    const held = payload({ g: [series('g.1', [point(5)])], q: quiet });
    const next = appendLiveUpdate(held, payload({ g: [series('g.1', [point(6)])] }), 0);
    expect(next.graphs.q).toBe(held.graphs.q);
    expect(next.graphs.g).not.toBe(held.graphs.g);
  });

  it('adds graphs and series that appear later', () => {
    const held = payload({ g: [series('g.1', [point(1)])] });
    const update = payload({
      g: [series('g.1', []), series('g.2', [point(2)])],
      h: [series('h.1', [point(2)])],
    });
    const next = appendLiveUpdate(held, update, 0);
    expect(next.graphs.g?.series.map((one) => one.sensor)).toEqual(['g.1', 'g.2']);
    expect(Object.keys(next.graphs)).toEqual(['g', 'h']);
  });

  it('knows the newest point held, for the next since', () => {
    expect(
      newestTimestampOf(payload({ g: [series('g.1', [point(1), point(9)]), series('g.2', [point(4)])] })),
    ).toBe(9);
    expect(newestTimestampOf(payload({ g: [series('g.1', [])] }))).toBeNull();
  });
});
