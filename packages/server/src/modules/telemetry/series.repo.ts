import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sensorReadings } from '../../db/tables/sensor-readings.table';
import { sensorRollups1h, sensorRollups1m } from '../../db/tables/sensor-rollups.table';
import { sensors } from '../../db/tables/sensors.table';
import { inReadingBuckets } from './reading-buckets';
import type { RollupPoint, RollupResolution, TimeRange } from './rollups.repo';

/** The key of a sensor in readings and roll-ups, by device and full dotted sensor id; undefined if never seen. */
export async function findSensorKey(
  db: Database,
  deviceId: number,
  sensorId: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: sensors.id })
    .from(sensors)
    .where(and(eq(sensors.deviceId, deviceId), eq(sensors.sensorId, sensorId)))
    .limit(1);
  return row?.id;
}

export type RawPoint = { ts: Date; value: number | null; status: number; inAlarm: boolean };

/** Raw readings of one sensor in the range, oldest first (index bucket, sensor_key, ts: reading-buckets.ts). */
export async function findRawPoints(db: Database, sensorKey: number, range: TimeRange): Promise<RawPoint[]> {
  return db
    .select({
      ts: sensorReadings.ts,
      value: sensorReadings.value,
      status: sensorReadings.status,
      inAlarm: sensorReadings.inAlarm,
    })
    .from(sensorReadings)
    .where(
      and(
        inReadingBuckets(range.from, range.to),
        eq(sensorReadings.sensorKey, sensorKey),
        gte(sensorReadings.ts, range.from),
        lt(sensorReadings.ts, range.to),
      ),
    )
    .orderBy(asc(sensorReadings.ts));
}

const rollupTables = { '1m': sensorRollups1m, '1h': sensorRollups1h };

/** Stored roll-ups of one sensor whose bucket starts in the range, oldest first (primary key). */
export async function findStoredRollups(
  db: Database,
  resolution: RollupResolution,
  sensorKey: number,
  range: TimeRange,
): Promise<RollupPoint[]> {
  const table = rollupTables[resolution];
  return db
    .select()
    .from(table)
    .where(and(eq(table.sensorKey, sensorKey), gte(table.bucket, range.from), lt(table.bucket, range.to)))
    .orderBy(asc(table.bucket));
}
