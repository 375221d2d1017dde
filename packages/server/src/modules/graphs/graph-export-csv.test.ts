import { SENSOR_STATUSES } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { formatWallClock } from '../telemetry/zoned-time';
import type { ExportRow } from './graph-export.repo';
import { type ExportSeries, exportHeader, exportLines, wallClockFormatter } from './graph-export-csv';

const code = (status: (typeof SENSOR_STATUSES)[number]) => SENSOR_STATUSES.indexOf(status);

const raw = (iso: string, value: number | null, status = code('OK'), inAlarm = false): ExportRow => ({
  ts: new Date(iso),
  value,
  min: null,
  max: null,
  last: null,
  status,
  inAlarm,
});

const numeric: ExportSeries = {
  sensor: 'F5.ntc.1',
  name: 'NTC:Inlet',
  byLastValue: false,
  scale: (stored) => stored,
};

describe('CSV header', () => {
  it('starts with a BOM and the header naming the timezone', () => {
    expect(exportHeader('Europe/Berlin')).toBe(
      '\uFEFFtimestamp (Europe/Berlin),sensor_id,series,value,min,max,status,in_alarm\r\n',
    );
  });
});

describe('exportLines', () => {
  const utc = (instant: Date) => formatWallClock(instant, 'UTC');

  it('writes raw readings with their status and alarm, min and max empty', () => {
    const text = exportLines(
      numeric,
      [
        raw('2026-07-01T10:00:05Z', 21.5),
        raw('2026-07-01T10:00:10Z', null, code('N/A')),
        raw('2026-07-01T10:00:15Z', 99, code('Alarm'), true),
      ],
      utc,
    );
    expect(text).toBe(
      '2026-07-01 10:00:05,F5.ntc.1,NTC:Inlet,21.5,,,OK,No\r\n' +
        '2026-07-01 10:00:10,F5.ntc.1,NTC:Inlet,,,,N/A,No\r\n' +
        '2026-07-01 10:00:15,F5.ntc.1,NTC:Inlet,99,,,Alarm,Yes\r\n',
    );
  });

  it('scales value, min and max as the graph does; a negative k swaps min and max', () => {
    const bucket: ExportRow = {
      ts: new Date('2026-07-01T10:00:00Z'),
      value: 10,
      min: 4,
      max: 16,
      last: 12,
      status: code('WARNING'),
      inAlarm: false,
    };
    const scaled = { ...numeric, scale: (stored: number) => stored * -0.5 + 1 };
    expect(exportLines(scaled, [bucket], utc)).toBe(
      '2026-07-01 10:00:00,F5.ntc.1,NTC:Inlet,-4,-7,-1,WARNING,No\r\n',
    );
  });

  it('writes the last value of a BOOL or ENUM bucket, not an average of states', () => {
    const bucket: ExportRow = {
      ts: new Date('2026-07-01T10:00:00Z'),
      value: 0.25,
      min: 0,
      max: 1,
      last: 0,
      status: code('Alarm'),
      inAlarm: true,
    };
    const contact = { ...numeric, sensor: 'F5.digital.1', name: 'Digital:Door', byLastValue: true };
    expect(exportLines(contact, [bucket], utc)).toBe(
      '2026-07-01 10:00:00,F5.digital.1,Digital:Door,0,0,1,Alarm,Yes\r\n',
    );
    // A raw BOOL reading is its own value.
    expect(exportLines(contact, [raw('2026-07-01T10:00:05Z', 1)], utc)).toContain(',1,,,OK,No');
  });
});

describe('wallClockFormatter', () => {
  it('writes what formatWallClock writes, across DST changes and half-hour zones', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
      'Nowhere/Zone',
    ];
    // Around the 2026 changes: Europe 29 March and 25 October, US 8 March and 1 November, Lord Howe 5 April.
    const days = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-10-25', '2026-11-01'];
    for (const timeZone of zones) {
      const format = wallClockFormatter(timeZone);
      for (const day of days) {
        const start = Date.parse(`${day}T00:00:00Z`) - 12 * 3_600_000;
        for (let ms = start; ms < start + 48 * 3_600_000; ms += 23 * 60_000 + 13_001) {
          const instant = new Date(ms);
          expect(format(instant), `${timeZone} ${instant.toISOString()}`).toBe(
            formatWallClock(instant, timeZone),
          );
        }
      }
    }
  });
});
