import { describe, expect, it } from 'vitest';
import { fileNameOfDisposition, parseDeviceGraphs } from './graphs';

describe('the CSV file name', () => {
  it("is the server's Content-Disposition name", () => {
    expect(
      fileNameOfDisposition(
        'attachment; filename="device_4_sensor_n01_day_2026-11-01_08-30-00.csv"',
        'x.csv',
      ),
    ).toBe('device_4_sensor_n01_day_2026-11-01_08-30-00.csv');
    expect(fileNameOfDisposition("attachment; filename*=UTF-8''a%20b.csv", 'x.csv')).toBe('a b.csv');
    expect(fileNameOfDisposition('attachment; filename=plain.csv', 'x.csv')).toBe('plain.csv');
  });

  it('falls back when the server sends none', () => {
    expect(fileNameOfDisposition(null, 'x.csv')).toBe('x.csv');
    expect(fileNameOfDisposition('attachment', 'x.csv')).toBe('x.csv');
  });
});

describe('the graph payload', () => {
  it('keeps only array points, so a stray null never reaches a chart', () => {
    const payload = parseDeviceGraphs({
      device: 1,
      device_name: 'Kiln',
      device_type: '0006',
      graphs: {
        g: { units: '', value_label: '', series: [{ sensor: 'g.1', data: [null, [1, 2, false, ''], null] }] },
      },
    });
    expect(payload.graphs.g?.series[0]?.data).toEqual([[1, 2, false, '']]);
  });

  it('refuses an answer without graphs', () => {
    expect(() => parseDeviceGraphs({ detail: 'x' })).toThrow();
    expect(() => parseDeviceGraphs({ graphs: { g: { series: 'no' } } })).toThrow();
  });
});
