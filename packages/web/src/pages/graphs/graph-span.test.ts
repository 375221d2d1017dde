import type { DeviceGraphs, GraphPoint } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { payloadSpanOf } from './graph-span';

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
