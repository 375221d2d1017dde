import type { Database } from '../../db/database';
import { findRollupProgress, type RollupResolution, type TimeRange } from '../telemetry/rollups.repo';
import {
  computeExportTail,
  type ExportCursor,
  type ExportRow,
  type ExportSource,
  findExportPage,
} from './graph-export.repo';

/**
 * The export's rows of one sensor as a sequence of pages (docs/graphs.md 'Export'): each page is read only when
 * the one before has been taken, so a 30-day export of a 500-sensor device holds one page at a time.
 */

/** The reads the pages are made of (graph-export.repo.ts); tests count the calls. */
export type ExportReader = {
  page(
    source: ExportSource,
    sensorKey: number,
    range: TimeRange,
    cursor: ExportCursor | null,
    limit: number,
  ): Promise<ExportRow[]>;
  tail(resolution: RollupResolution, sensorKey: number, range: TimeRange): Promise<ExportRow[]>;
  progress(resolution: RollupResolution): Promise<Date | undefined>;
};

export function exportReaderOf(db: Database): ExportReader {
  return {
    page: (source, sensorKey, range, cursor, limit) =>
      findExportPage(db, source, sensorKey, range, cursor, limit),
    tail: (resolution, sensorKey, range) => computeExportTail(db, resolution, sensorKey, range),
    progress: (resolution) => findRollupProgress(db, resolution),
  };
}

export const EXPORT_PAGE_ROWS = 5_000;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const STEP_MS: Record<RollupResolution, number> = { '1m': MINUTE_MS, '1h': HOUR_MS };
/** As telemetry/series.ts reads graphs: open minutes from at most the last hour of raw rows, open hours from a day. */
const TAIL_MAX_MS: Record<RollupResolution, number> = { '1m': HOUR_MS, '1h': 24 * HOUR_MS };

const floorTo = (ms: number, step: number): number => Math.floor(ms / step) * step;

/** What one export reads: stored rows of `source` in `stored`, then buckets computed for `tail` (roll-ups). */
export type ExportPlan = { source: ExportSource; stored: TimeRange; tail: TimeRange | null };

/**
 * The split readSeries makes (telemetry/series.ts): roll-up buckets starting in the range, stored ones up to the
 * roll-up job's progress, then the buckets not rolled up yet computed from the finer table. Raw rows: all stored.
 */
export function planExport(source: ExportSource, range: TimeRange, done: Date | undefined): ExportPlan {
  if (source === 'raw') {
    return { source, stored: range, tail: null };
  }
  const step = STEP_MS[source];
  const start = floorTo(range.from.getTime(), step);
  const end = range.to.getTime();
  const progress = done?.getTime() ?? Number.NEGATIVE_INFINITY;
  const tailFrom = Math.min(end, Math.max(start, progress, floorTo(end - TAIL_MAX_MS[source], step)));
  return {
    source,
    stored: { from: new Date(start), to: new Date(tailFrom) },
    tail: tailFrom < end ? { from: new Date(tailFrom), to: range.to } : null,
  };
}

/** The cursor after a full page: its last time, skipping the rows at that time already sent. */
export function nextCursor(cursor: ExportCursor | null, rows: readonly ExportRow[]): ExportCursor | null {
  const last = rows.at(-1)?.ts.getTime();
  if (last === undefined) {
    return cursor;
  }
  const atLast = rows.filter((row) => row.ts.getTime() === last).length;
  const skip = cursor !== null && cursor.after.getTime() === last ? cursor.skip + atLast : atLast;
  return { after: new Date(last), skip };
}

/** One sensor's rows, oldest first, page by page; a page is read when the consumer asks for it. */
export async function* sensorPages(
  reader: ExportReader,
  plan: ExportPlan,
  sensorKey: number,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<ExportRow[]> {
  let cursor: ExportCursor | null = null;
  if (plan.stored.from.getTime() < plan.stored.to.getTime()) {
    for (;;) {
      const rows = await reader.page(plan.source, sensorKey, plan.stored, cursor, pageRows);
      if (rows.length > 0) {
        yield rows;
      }
      if (rows.length < pageRows) {
        break;
      }
      cursor = nextCursor(cursor, rows);
    }
  }
  if (plan.tail !== null && plan.source !== 'raw') {
    const rows = await reader.tail(plan.source, sensorKey, plan.tail);
    if (rows.length > 0) {
      yield rows;
    }
  }
}
