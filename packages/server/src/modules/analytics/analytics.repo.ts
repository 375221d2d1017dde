import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/**
 * Aggregates over a device's alarm_on events (device_events, docs/analytics.md). Every query is bounded by
 * `device_id = ? and ts >= ? and ts < ?`, which the (device_id, ts) index answers.
 */

export type AlarmRange = { from: Date; to: Date };

async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const alarmsOf = (deviceId: number, range: AlarmRange) => sql`
  from device_events
  where device_id = ${deviceId} and ts >= ${range.from.toISOString()}::timestamptz
    and ts < ${range.to.toISOString()}::timestamptz and kind = 'alarm_on'`;

export type SensorAlarmCount = { sensorId: string; treeName: string | null; count: number };

/** Alarms per sensor, with the newest name the tree gave the sensor (null when no event kept one). */
export async function countAlarmsBySensor(
  db: Database,
  deviceId: number,
  range: AlarmRange,
): Promise<SensorAlarmCount[]> {
  return rowsOf<SensorAlarmCount>(
    db,
    sql`select sensor_id as "sensorId", count(*)::int as count,
      (array_agg(detail->>'name' order by ts desc) filter (where detail->>'name' is not null))[1] as "treeName"
    ${alarmsOf(deviceId, range)} and sensor_id is not null
    group by sensor_id`,
  );
}

/** Bucket width of countAlarmsByQuarterHour: every timezone offset is a multiple of it. */
export const QUARTER_HOUR_SECONDS = 900;

export type QuarterHourCount = { bucketSeconds: number; count: number };

/** Alarms per UTC quarter hour (epoch seconds of its start); the service places them in the site's hours. */
export async function countAlarmsByQuarterHour(
  db: Database,
  deviceId: number,
  range: AlarmRange,
): Promise<QuarterHourCount[]> {
  const rows = await rowsOf<{ bucketSeconds: string | number; count: number }>(
    db,
    sql`select (floor(extract(epoch from ts) / ${QUARTER_HOUR_SECONDS}) * ${QUARTER_HOUR_SECONDS})::bigint
        as "bucketSeconds", count(*)::int as count
    ${alarmsOf(deviceId, range)}
    group by 1`,
  );
  return rows.map((row) => ({ bucketSeconds: Number(row.bucketSeconds), count: row.count }));
}

export type AlarmStateCount = { state: string | null; status: string | null; count: number };

/** Alarms per (state text, status) as the events kept them; the service names the type. */
export async function countAlarmsByState(
  db: Database,
  deviceId: number,
  range: AlarmRange,
): Promise<AlarmStateCount[]> {
  return rowsOf<AlarmStateCount>(
    db,
    sql`select detail->>'state' as state, detail->>'status' as status, count(*)::int as count
    ${alarmsOf(deviceId, range)}
    group by 1, 2`,
  );
}
