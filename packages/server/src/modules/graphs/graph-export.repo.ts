import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sensorReadings } from '../../db/tables/sensor-readings.table';
import { sensorRollups1h, sensorRollups1m } from '../../db/tables/sensor-rollups.table';
import { inReadingBuckets } from '../telemetry/reading-buckets';
import {
  computeRollups,
  type RollupPoint,
  type RollupResolution,
  type TimeRange,
} from '../telemetry/rollups.repo';

/**
 * The CSV export's reads (docs/graphs.md 'Export'): one sensor's rows of one table in keyset pages, oldest
 * first, so an export never holds more than a page of rows (docs/telemetry.md 'Storage' for the tables).
 */

export type ExportSource = 'raw' | RollupResolution;

/** One row of the export: a raw reading, or a roll-up bucket (value = average, last kept for BOOL and ENUM). */
export type ExportRow = {
  ts: Date;
  /** Raw: the reading. Roll-up: the average of the bucket's values. */
  value: number | null;
  /** Roll-ups only (null for raw rows). */
  min: number | null;
  max: number | null;
  last: number | null;
  /** A SENSOR_STATUSES code: the reading's, or the bucket's worst. */
  status: number;
  inAlarm: boolean;
};

/**
 * Where the next page starts: after `after`, skipping `skip` rows stamped exactly `after` (raw readings have no
 * unique key, and two messages of a device may share a receive time). Roll-up buckets are unique per sensor.
 */
export type ExportCursor = { after: Date; skip: number };

/** Raw readings of one sensor in the range after the cursor, oldest first (index bucket, sensor_key, ts). */
async function findRawPage(
  db: Database,
  sensorKey: number,
  range: TimeRange,
  cursor: ExportCursor | null,
  limit: number,
): Promise<ExportRow[]> {
  const rows = await db
    .select({
      ts: sensorReadings.ts,
      value: sensorReadings.value,
      status: sensorReadings.status,
      inAlarm: sensorReadings.inAlarm,
    })
    .from(sensorReadings)
    .where(
      and(
        inReadingBuckets(cursor?.after ?? range.from, range.to),
        eq(sensorReadings.sensorKey, sensorKey),
        gte(sensorReadings.ts, cursor?.after ?? range.from),
        lt(sensorReadings.ts, range.to),
      ),
    )
    // A total order, so rows sharing a time come in the same order on every page.
    .orderBy(
      asc(sensorReadings.ts),
      sql`${sensorReadings.value} asc nulls first`,
      asc(sensorReadings.status),
      asc(sensorReadings.inAlarm),
    )
    .limit(limit)
    .offset(cursor?.skip ?? 0);
  return rows.map((row) => ({ ...row, min: null, max: null, last: null }));
}

const rollupTables = { '1m': sensorRollups1m, '1h': sensorRollups1h };

function exportRowOf(point: RollupPoint): ExportRow {
  return {
    ts: point.bucket,
    value: point.count > 0 && point.sum !== null ? point.sum / point.count : null,
    min: point.min,
    max: point.max,
    last: point.last,
    status: point.worstStatus,
    inAlarm: point.anyAlarm,
  };
}

/** Stored roll-ups of one sensor whose bucket starts in the range, after the cursor, oldest first (primary key). */
async function findRollupPage(
  db: Database,
  resolution: RollupResolution,
  sensorKey: number,
  range: TimeRange,
  cursor: ExportCursor | null,
  limit: number,
): Promise<ExportRow[]> {
  const table = rollupTables[resolution];
  const rows = await db
    .select()
    .from(table)
    .where(
      and(
        eq(table.sensorKey, sensorKey),
        cursor === null ? gte(table.bucket, range.from) : gt(table.bucket, cursor.after),
        lt(table.bucket, range.to),
      ),
    )
    .orderBy(asc(table.bucket))
    .limit(limit);
  return rows.map(exportRowOf);
}

/** One page of one sensor's rows of `source` in the range, after the cursor (null: from the start). */
export async function findExportPage(
  db: Database,
  source: ExportSource,
  sensorKey: number,
  range: TimeRange,
  cursor: ExportCursor | null,
  limit: number,
): Promise<ExportRow[]> {
  return source === 'raw'
    ? findRawPage(db, sensorKey, range, cursor, limit)
    : findRollupPage(db, source, sensorKey, range, cursor, limit);
}

/** The buckets not rolled up yet, computed from the finer table (at most an hour of minutes or a day of hours). */
export async function computeExportTail(
  db: Database,
  resolution: RollupResolution,
  sensorKey: number,
  range: TimeRange,
): Promise<ExportRow[]> {
  return (await computeRollups(db, resolution, range, sensorKey)).map(exportRowOf);
}
