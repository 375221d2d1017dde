import {
  GRAPH_LIMITS,
  GRAPH_MESSAGES,
  GRAPH_TIMESCALE_SPAN_MS,
  GRAPH_TIMESCALES,
  type GraphTimescale,
  isQueryDay,
  isQueryInstant,
  parseWallClock,
  TIME_MESSAGES,
} from '@vigil/contracts';
import { AppError } from '../../errors';
import type { RollupResolution } from '../telemetry/rollups.repo';
import { instantOf } from '../telemetry/zoned-time';
import { STEP_MS } from './graphs.repo';

/**
 * Which time range a graph call covers and which table serves it (docs/graphs.md 'Resolutions'): hour → raw
 * readings, day and week → 1-minute roll-ups, month and historical → 1-hour roll-ups; a zoom link's range by
 * its span (≤ 1 h raw, ≤ 7 days 1-minute, longer 1-hour). Points are read in buckets sized so a series has
 * about GRAPH_TARGET_BUCKETS of them (two points each at most, within the point budget).
 */

export type GraphSource = 'raw' | RollupResolution;

export type GraphWindow = {
  from: Date;
  to: Date;
  source: GraphSource;
  /** Width of the buckets read; 0 reads raw rows as they are. */
  bucketMs: number;
  /** 30 minutes, or 12 hours for historical graphs (× 1.15, graph-gaps.ts). */
  gapBaseMs: number;
  /** The range ends now: a gap up to now is marked too. */
  endsNow: boolean;
};

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/**
 * Buckets per series: at most two points each (minimum and maximum), so a series carries about 720 points,
 * under half the point budget — enough for a chart about 1,000 pixels wide, and half the JSON of 720 buckets.
 */
export const GRAPH_TARGET_BUCKETS = 360;
const BUCKET_WIDTHS = [
  SECOND,
  2 * SECOND,
  5 * SECOND,
  10 * SECOND,
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  24 * HOUR,
];

const TIMESCALE_SOURCE: Record<GraphTimescale, GraphSource> = {
  hour: 'raw',
  day: '1m',
  week: '1m',
  month: '1h',
};

/** The smallest round bucket width that keeps the span within GRAPH_TARGET_BUCKETS, never under the table's step. */
export function bucketWidthFor(spanMs: number, source: GraphSource): number {
  const step = source === 'raw' ? 0 : STEP_MS[source];
  const wanted = Math.max(step, spanMs / GRAPH_TARGET_BUCKETS);
  return (
    BUCKET_WIDTHS.find((width) => width >= wanted) ?? (BUCKET_WIDTHS[BUCKET_WIDTHS.length - 1] as number)
  );
}

export function sourceForSpan(spanMs: number): GraphSource {
  return spanMs <= HOUR ? 'raw' : spanMs <= 7 * 24 * HOUR ? '1m' : '1h';
}

function windowOf(
  from: number,
  to: number,
  source: GraphSource,
  gapBaseMs: number,
  endsNow: boolean,
): GraphWindow {
  return {
    from: new Date(from),
    to: new Date(to),
    source,
    bucketMs: bucketWidthFor(to - from, source),
    gapBaseMs,
    endsNow,
  };
}

export type GraphsQuery = { timescale?: string; timestamp?: string; from?: number; to?: number };

/** A 400 naming the first of `from`/`to` that lies off the query calendar (time-bounds.ts). */
function assertOnCalendar(range: { from?: number; to?: number }): void {
  for (const field of ['from', 'to'] as const) {
    const value = range[field];
    if (value !== undefined && !isQueryInstant(value)) {
      throw AppError.validation({ [field]: [TIME_MESSAGES.outOfRange] });
    }
  }
}

/**
 * `from`/`to` (epoch ms): both, on the query calendar (time-bounds.ts), from before to, at most
 * GRAPH_LIMITS.maxRangeMs apart; else a 400.
 */
export function explicitRange(
  from: number | undefined,
  to: number | undefined,
): { from: number; to: number } {
  assertOnCalendar({ from, to });
  if (from === undefined || to === undefined || from >= to || to - from > GRAPH_LIMITS.maxRangeMs) {
    const field = from === undefined ? 'from' : 'to';
    throw AppError.validation({ [field]: [GRAPH_MESSAGES.rangeInvalid] });
  }
  return { from, to };
}

/**
 * The window of GET graphs/device/{id}/: `timescale` ending now (default 'day'), `timestamp` (historical,
 * the site's wall clock: the span GRAPH_LIMITS.historicalSpanMs ending then), or `from`/`to`. 400 on bad input.
 */
export function graphWindowOf(query: GraphsQuery, now: Date, timeZone: string): GraphWindow {
  const { timescale, timestamp } = query;
  if (query.from !== undefined || query.to !== undefined) {
    if (timescale !== undefined || timestamp !== undefined) {
      throw AppError.validation({ from: [GRAPH_MESSAGES.rangeInvalid] });
    }
    const range = explicitRange(query.from, query.to);
    return windowOf(
      range.from,
      range.to,
      sourceForSpan(range.to - range.from),
      GRAPH_LIMITS.gapMs,
      range.to >= now.getTime(),
    );
  }
  if (timescale !== undefined && timestamp !== undefined) {
    throw AppError.validation({ timestamp: [GRAPH_MESSAGES.timescaleOrTimestamp] });
  }
  if (timestamp !== undefined) {
    const clock = parseWallClock(timestamp.trim());
    if (clock === null) {
      throw AppError.validation({ timestamp: [GRAPH_MESSAGES.timestampInvalid] });
    }
    if (!isQueryDay(clock)) {
      throw AppError.validation({ timestamp: [TIME_MESSAGES.outOfRange] });
    }
    const end = instantOf(clock, timeZone).getTime();
    return windowOf(end - GRAPH_LIMITS.historicalSpanMs, end, '1h', GRAPH_LIMITS.historicalGapMs, false);
  }
  const scale = (timescale ?? 'day').trim();
  if (!(GRAPH_TIMESCALES as readonly string[]).includes(scale)) {
    throw AppError.validation({ timescale: [GRAPH_MESSAGES.timescaleInvalid] });
  }
  const end = now.getTime();
  const span = GRAPH_TIMESCALE_SPAN_MS[scale as GraphTimescale];
  return windowOf(end - span, end, TIMESCALE_SOURCE[scale as GraphTimescale], GRAPH_LIMITS.gapMs, true);
}

/** How far back a live update reaches at most, whatever `since` says (an hour: the 1 HR graph). */
export const LIVE_MAX_CATCH_UP_MS = HOUR;

/**
 * The window of live-update/: raw readings after `since` (at most an hour back), or the last
 * GRAPH_LIMITS.liveWindowMs without it; always up to now.
 */
export function liveWindowOf(since: number | undefined, now: Date): GraphWindow {
  const end = now.getTime() + 1;
  const from =
    since === undefined ? end - GRAPH_LIMITS.liveWindowMs : Math.max(since + 1, end - LIVE_MAX_CATCH_UP_MS);
  return {
    from: new Date(Math.min(from, end)),
    to: new Date(end),
    source: 'raw',
    bucketMs: 0,
    gapBaseMs: GRAPH_LIMITS.gapMs,
    endsNow: false,
  };
}

/** The range of events/: `from`/`to` (epoch ms), default the last day; at most GRAPH_LIMITS.maxRangeMs. */
export function eventsRangeOf(query: { from?: number; to?: number }, now: Date): { from: Date; to: Date } {
  // The bounds sent are checked before a default is derived from them, so the error names the field sent.
  assertOnCalendar(query);
  const to = query.to ?? now.getTime();
  const from = query.from ?? to - GRAPH_TIMESCALE_SPAN_MS.day;
  const range = explicitRange(from, to);
  return { from: new Date(range.from), to: new Date(range.to) };
}

/**
 * The start of a range without what the device recorded before `since` (device-history.ts): moved up to the
 * first whole step of the source's table at or after `since`, so no roll-up bucket that mixes in an earlier
 * owner's readings is read; at most `to` (an empty range) when all of it lies before.
 */
export function visibleStart(from: Date, to: Date, source: GraphSource, since: Date | undefined): Date {
  if (since === undefined || since <= from) {
    return from;
  }
  const step = source === 'raw' ? 1 : STEP_MS[source];
  return new Date(Math.min(Math.ceil(since.getTime() / step) * step, to.getTime()));
}

/** The window without what the device recorded before `since` (visibleStart). */
export function visibleWindow(window: GraphWindow, since: Date | undefined): GraphWindow {
  return { ...window, from: visibleStart(window.from, window.to, window.source, since) };
}
