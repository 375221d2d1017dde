import {
  CHATTER_ALARMS,
  CHATTER_WINDOW_SECONDS,
  PEAK_WINDOW_MINUTES,
  STANDING_ALARM_HOURS,
  STANDING_ALARMS_LISTED,
} from '@vigil/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { AlarmRange } from './analytics.repo';

/**
 * The alarm_on events of some devices raised in the range, each with the time of its sensor's next alarm_off
 * (`cleared_at`, looked for up to now) and the time of its sensor's second alarm_on before it in the range
 * (`third_before`: this alarm is the third within that span). One pass per (device, sensor) over the
 * (device_id, ts) index: the next alarm_off is the running minimum over the later events, newest first.
 */
function alarmsWithClears(deviceIds: readonly number[], range: AlarmRange): SQL {
  const ids = sql.join(
    deviceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`with edges as (
      select id, device_id, sensor_id, ts, kind, detail->>'name' as name
      from device_events
      where device_id in (${ids}) and ts >= ${range.from.toISOString()}::timestamptz
        and kind in ('alarm_on', 'alarm_off') and sensor_id is not null
    ), marked as (
      select *, min(ts) filter (where kind = 'alarm_off') over (
        partition by device_id, sensor_id order by ts desc, id desc
        rows between unbounded preceding and 1 preceding) as cleared_at
      from edges
    ), alarms as (
      select *, lag(ts, ${CHATTER_ALARMS - 1}) over (partition by device_id, sensor_id order by ts, id) as third_before
      from marked
      where kind = 'alarm_on' and ts < ${range.to.toISOString()}::timestamptz
    )`;
}

async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export type SensorAlarmFigures = {
  deviceId: number;
  sensorId: string;
  treeName: string | null;
  alarms: number;
  bursts: number;
  standing: number;
  /** Alarms raised while the sensor was shelved (issue 27, docs/shelving.md): counted apart. */
  shelved: number;
};

/** Per sensor: alarms, chatter bursts and standing alarms (not cleared within 24 h, or open for 24 h by `now`). */
export async function findSensorAlarmFigures(
  db: Database,
  deviceIds: readonly number[],
  range: AlarmRange,
  now: Date,
): Promise<SensorAlarmFigures[]> {
  if (deviceIds.length === 0) {
    return [];
  }
  return rowsOf<SensorAlarmFigures>(
    db,
    sql`${alarmsWithClears(deviceIds, range)}
    select device_id as "deviceId", sensor_id as "sensorId", count(*)::int as alarms,
      count(*) filter (where ts - third_before <= ${CHATTER_WINDOW_SECONDS} * interval '1 second')::int as bursts,
      count(*) filter (where ${isStanding(now)})::int as standing,
      count(*) filter (where exists (
        select 1 from sensor_shelves s
        where s.device_id = alarms.device_id and s.sensor_id = alarms.sensor_id and s.shelved_at <= alarms.ts
          and alarms.ts < s.until and (s.unshelved_at is null or alarms.ts < s.unshelved_at)))::int as shelved,
      (array_agg(name order by ts desc) filter (where name is not null))[1] as "treeName"
    from alarms group by device_id, sensor_id`,
  );
}

function isStanding(now: Date): SQL {
  return sql`coalesce(cleared_at, ${now.toISOString()}::timestamptz) - ts > ${STANDING_ALARM_HOURS} * interval '1 hour'`;
}

export type StandingAlarm = { deviceId: number; sensorId: string; raisedAt: Date; clearedAt: Date | null };

/** The standing alarms, the oldest first (at most STANDING_ALARMS_LISTED). */
export async function findStandingAlarms(
  db: Database,
  deviceIds: readonly number[],
  range: AlarmRange,
  now: Date,
): Promise<StandingAlarm[]> {
  if (deviceIds.length === 0) {
    return [];
  }
  const rows = await rowsOf<{
    deviceId: number;
    sensorId: string;
    raisedAt: string;
    clearedAt: string | null;
  }>(
    db,
    sql`${alarmsWithClears(deviceIds, range)}
    select device_id as "deviceId", sensor_id as "sensorId", ts as "raisedAt", cleared_at as "clearedAt"
    from alarms where ${isStanding(now)}
    order by ts, id limit ${STANDING_ALARMS_LISTED}`,
  );
  return rows.map((row) => ({
    deviceId: row.deviceId,
    sensorId: row.sensorId,
    raisedAt: new Date(row.raisedAt),
    clearedAt: row.clearedAt === null ? null : new Date(row.clearedAt),
  }));
}

export type ClearTimes = { medianSeconds: number | null; cleared: number };

/** Median seconds from alarm_on to its sensor's next alarm_off, over the alarms cleared so far. */
export async function findClearTimes(
  db: Database,
  deviceIds: readonly number[],
  range: AlarmRange,
): Promise<ClearTimes> {
  if (deviceIds.length === 0) {
    return { medianSeconds: null, cleared: 0 };
  }
  const [row] = await rowsOf<{ medianSeconds: string | number | null; cleared: number }>(
    db,
    sql`${alarmsWithClears(deviceIds, range)}
    select percentile_cont(0.5) within group (order by extract(epoch from cleared_at - ts))
        filter (where cleared_at is not null) as "medianSeconds",
      count(cleared_at)::int as cleared
    from alarms`,
  );
  const median = row?.medianSeconds ?? null;
  return { medianSeconds: median === null ? null : Number(median), cleared: row?.cleared ?? 0 };
}

export type PeakWindow = { start: Date; alarms: number };

/** The busiest aligned 10-minute window of the range (the earliest of equals); null without alarms. */
export async function findPeakWindow(
  db: Database,
  deviceIds: readonly number[],
  range: AlarmRange,
): Promise<PeakWindow | null> {
  if (deviceIds.length === 0) {
    return null;
  }
  const seconds = PEAK_WINDOW_MINUTES * 60;
  const ids = sql.join(
    deviceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [row] = await rowsOf<{ start: string | number; alarms: number }>(
    db,
    sql`select (floor(extract(epoch from ts) / ${seconds}) * ${seconds})::bigint as start, count(*)::int as alarms
    from device_events
    where device_id in (${ids}) and ts >= ${range.from.toISOString()}::timestamptz
      and ts < ${range.to.toISOString()}::timestamptz and kind = 'alarm_on'
    group by 1 order by 2 desc, 1 limit 1`,
  );
  return row === undefined ? null : { start: new Date(Number(row.start) * 1000), alarms: row.alarms };
}
