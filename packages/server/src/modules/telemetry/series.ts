import { SENSOR_STATUSES, type SensorStatus } from '@vigil/contracts';
import type { Database } from '../../db/database';
import { computeRollups, findRollupProgress, type RollupPoint, type RollupResolution } from './rollups.repo';
import { findRawPoints, findStoredRollups } from './series.repo';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export type SeriesResolution = 'raw' | RollupResolution;

/** One graph point: a reading, or a bucket's average (min and max beside it); all null in a gap. */
export type SeriesPoint = {
  t: Date;
  value: number | null;
  min: number | null;
  max: number | null;
  /** The reading's status, the worst status of a bucket; null for a gap point. */
  status: SensorStatus | null;
  alarm: boolean;
};

export type Series = { resolution: SeriesResolution; points: SeriesPoint[] };

/** Spans up to these read raw readings, then 1-minute roll-ups; longer ones read 1-hour roll-ups. */
export const RAW_MAX_SPAN_MS = HOUR_MS;
export const MINUTE_ROLLUPS_MAX_SPAN_MS = 7 * DAY_MS;

/** M section 9: a gap between points longer than 30 minutes × 1.15 gets a null point. */
export const GAP_BASE_MS = 30 * MINUTE_MS;
export const GAP_FACTOR = 1.15;

const STEP_MS: Record<SeriesResolution, number> = { raw: 0, '1m': MINUTE_MS, '1h': HOUR_MS };

/**
 * How far back the buckets not rolled up yet are computed on the fly: the open minutes from raw readings
 * (at most an hour of one sensor, as a 1-hour graph reads), the open hour from 1-minute roll-ups (never raw).
 */
const TAIL_MAX_MS: Record<RollupResolution, number> = { '1m': HOUR_MS, '1h': DAY_MS };

export function resolutionFor(spanMs: number): SeriesResolution {
  if (spanMs <= RAW_MAX_SPAN_MS) {
    return 'raw';
  }
  return spanMs <= MINUTE_ROLLUPS_MAX_SPAN_MS ? '1m' : '1h';
}

const floorTo = (ms: number, step: number): number => Math.floor(ms / step) * step;
const statusOf = (code: number): SensorStatus | null => SENSOR_STATUSES[code] ?? null;

/**
 * One sensor's graph points in [from, to), oldest first, from the table the span calls for (docs/telemetry.md
 * 'Graphs read the right table'): a 30-day graph never scans raw readings. Gaps get null points.
 */
export async function readSeries(
  db: Database,
  query: { sensorKey: number; from: Date; to: Date },
): Promise<Series> {
  const resolution = resolutionFor(query.to.getTime() - query.from.getTime());
  if (query.to.getTime() <= query.from.getTime()) {
    return { resolution, points: [] };
  }
  const points =
    resolution === 'raw'
      ? (await findRawPoints(db, query.sensorKey, query)).map((row) => ({
          t: row.ts,
          value: row.value,
          min: row.value,
          max: row.value,
          status: statusOf(row.status),
          alarm: row.inAlarm,
        }))
      : (await readRollups(db, resolution, query)).map(pointOfRollup);
  return { resolution, points: withGaps(points, STEP_MS[resolution]) };
}

/** Stored buckets up to the job's progress, then the buckets not rolled up yet computed from the finer table. */
async function readRollups(
  db: Database,
  resolution: RollupResolution,
  query: { sensorKey: number; from: Date; to: Date },
): Promise<RollupPoint[]> {
  const step = STEP_MS[resolution];
  const start = floorTo(query.from.getTime(), step);
  const end = query.to.getTime();
  const done = (await findRollupProgress(db, resolution))?.getTime() ?? Number.NEGATIVE_INFINITY;
  const tailFrom = Math.min(end, Math.max(start, done, floorTo(end - TAIL_MAX_MS[resolution], step)));
  const stored = await findStoredRollups(db, resolution, query.sensorKey, {
    from: new Date(start),
    to: new Date(tailFrom),
  });
  if (tailFrom >= end) {
    return stored;
  }
  const tail = await computeRollups(
    db,
    resolution,
    { from: new Date(tailFrom), to: query.to },
    query.sensorKey,
  );
  return [...stored, ...tail];
}

function pointOfRollup(row: RollupPoint): SeriesPoint {
  return {
    t: row.bucket,
    value: row.count > 0 && row.sum !== null ? row.sum / row.count : null,
    min: row.min,
    max: row.max,
    status: statusOf(row.worstStatus),
    alarm: row.anyAlarm,
  };
}

/**
 * Inserts a null point halfway between two points further apart than 30 minutes × 1.15 (M section 9). The
 * threshold grows to the bucket width × 1.15 for 1-hour roll-ups, whose points are an hour apart by nature.
 */
export function withGaps(points: readonly SeriesPoint[], stepMs: number): SeriesPoint[] {
  // Rounded to whole ms: 30 min × 1.15 in floating point falls just short of 34.5 min.
  const threshold = Math.round(Math.max(GAP_BASE_MS, stepMs) * GAP_FACTOR);
  const result: SeriesPoint[] = [];
  let previous: SeriesPoint | undefined;
  for (const point of points) {
    if (previous !== undefined && point.t.getTime() - previous.t.getTime() > threshold) {
      const t = new Date((previous.t.getTime() + point.t.getTime()) / 2);
      result.push({ t, value: null, min: null, max: null, status: null, alarm: false });
    }
    result.push(point);
    previous = point;
  }
  return result;
}
