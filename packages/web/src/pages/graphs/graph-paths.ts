import { formatSiteDay } from '../../time/site-time';
import { type HistoricalSearch, parseHistoricalSegment } from '../dashboard/historical/historical-search';

/**
 * The addresses of the graph pages (M section 2): '/graphs[/{sensorId}]' and
 * '/graphs/historical/graphs/{date}&{time}[/{sensorId}]', plus the zoom range kept as '?from=&to=' (ms).
 */

export const GRAPHS_PATH = '/graphs';
const HISTORICAL_GRAPHS_PATH = '/graphs/historical/graphs';

export { parseHistoricalSegment };

const withSensor = (path: string, sensorId: string | undefined) =>
  sensorId === undefined || sensorId === '' ? path : `${path}/${encodeURIComponent(sensorId)}`;

/** '/graphs' or '/graphs/{sensorId}'. */
export function liveGraphsPath(sensorId?: string): string {
  return withSensor(GRAPHS_PATH, sensorId);
}

/** '/graphs/historical/graphs/{date}&{time}' with the sensor id when one is chosen. */
export function historicalGraphsPath(search: HistoricalSearch, sensorId?: string): string {
  return withSensor(`${HISTORICAL_GRAPHS_PATH}/${search.date}&${search.time}`, sensorId);
}

/** The payload's `timestamp` for a historical search: 'YYYY-MM-DD HH:MM:00' in the site's timezone. */
export function graphsTimestampOf(search: HistoricalSearch): string {
  return `${search.date} ${search.time}:00`;
}

export type ZoomRange = { from: number; to: number };

const FROM = 'from';
const TO = 'to';

function readMs(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) {
    return null;
  }
  return Number(value);
}

/** The zoom range of the address, or null when it is missing or not a range (from before to). */
export function readZoomRange(params: URLSearchParams): ZoomRange | null {
  const from = readMs(params.get(FROM));
  const to = readMs(params.get(TO));
  if (from === null || to === null || from >= to) {
    return null;
  }
  return { from, to };
}

/** The address's search with the zoom range set (rounded to whole ms) or removed; other parameters stay. */
export function withZoomRange(params: URLSearchParams, range: ZoomRange | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (range === null) {
    next.delete(FROM);
    next.delete(TO);
  } else {
    next.set(FROM, String(Math.floor(range.from)));
    next.set(TO, String(Math.ceil(range.to)));
  }
  return next;
}

/** The first of the site's current month at 00:00, in the site's zone. */
export function siteMonthStartOf(now: number, timeZone: string): HistoricalSearch {
  return { date: `${formatSiteDay(now, timeZone).slice(0, 8)}01`, time: '00:00' };
}
