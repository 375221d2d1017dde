import { SENSOR_STATUSES } from '@vigil/contracts';
import { numberCell, textCell } from '../../http/csv-cells';
import { formatWallClock, wallClockOf } from '../telemetry/zoned-time';
import type { ExportRow } from './graph-export.repo';

/**
 * The CSV of the graph export (docs/graphs.md 'Export'): RFC 4180 quoting, CRLF rows, UTF-8 with a BOM (so
 * spreadsheets read names in any script). Text cells a spreadsheet would run as a formula get a leading quote
 * (http/csv-cells.ts).
 */

export const EXPORT_COLUMNS = ['sensor_id', 'series', 'value', 'min', 'max', 'status', 'in_alarm'] as const;

/** The first column names the site's timezone the times are written in. */
export function exportHeader(timeZone: string): string {
  return `\uFEFF${[`timestamp (${timeZone})`, ...EXPORT_COLUMNS].map(textCell).join(',')}\r\n`;
}

/** How a series' stored values are shown: the graph payload's k/c scaling, and BOOL/ENUM roll-ups by last value. */
export type ExportSeries = {
  sensor: string;
  name: string;
  /** BOOL and ENUM buckets show their last value: an average of states means nothing. */
  byLastValue: boolean;
  scale: (stored: number) => number;
};

const QUARTER_HOUR_MS = 15 * 60_000;
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function offsetAt(ms: number, timeZone: string): number {
  const c = wallClockOf(new Date(ms), timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - ms;
}

/**
 * `YYYY-MM-DD HH:MM:SS` in `timeZone`, as formatWallClock writes it, with the zone's offset looked up once per
 * quarter hour instead of once per row (every offset change falls on a quarter hour; a quarter hour whose ends
 * differ is formatted row by row). A month of minutes for 500 sensors is millions of rows.
 */
export function wallClockFormatter(timeZone: string): (instant: Date) => string {
  const offsets = new Map<number, number | null>();
  return (instant) => {
    const ms = instant.getTime();
    const quarter = Math.floor(ms / QUARTER_HOUR_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      const start = quarter * QUARTER_HOUR_MS;
      const first = offsetAt(start, timeZone);
      offset = first === offsetAt(start + QUARTER_HOUR_MS - 1_000, timeZone) ? first : null;
      if (offsets.size >= 50_000) {
        offsets.clear();
      }
      offsets.set(quarter, offset);
    }
    if (offset === null) {
      return formatWallClock(instant, timeZone);
    }
    const local = new Date(ms + offset);
    return (
      `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ` +
      `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`
    );
  };
}

/** The CSV lines of one page of a series' rows: value, min and max scaled (a negative k swaps min and max). */
export function exportLines(
  series: ExportSeries,
  rows: readonly ExportRow[],
  formatTime: (instant: Date) => string,
): string {
  const sensor = textCell(series.sensor);
  const name = textCell(series.name);
  const scaled = (value: number | null) => (value === null ? null : series.scale(value));
  let text = '';
  for (const row of rows) {
    const value = scaled(series.byLastValue ? (row.last ?? row.value) : row.value);
    const low = scaled(row.min);
    const high = scaled(row.max);
    const [min, max] = low !== null && high !== null && low > high ? [high, low] : [low, high];
    const status = SENSOR_STATUSES[row.status] ?? String(row.status);
    text += `${formatTime(row.ts)},${sensor},${name},${numberCell(value)},${numberCell(min)},${numberCell(max)},${status},${row.inAlarm ? 'Yes' : 'No'}\r\n`;
  }
  return text;
}
