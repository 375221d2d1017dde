import { describe, expect, it } from 'vitest';
import { fileNameOfDisposition } from './graphs';

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
