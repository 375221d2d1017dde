import { listSensors, SENSOR_STATUSES, type StateTree } from '@vigil/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { saveRollupProgress, upsertRollups } from '../telemetry/rollups.repo';
import { findSensorKeysOfDevice } from './graphs.repo';

/**
 * Graph test history (graphs.routes.test.ts): 30 days of 1-minute values of every sensor of a device, stored as
 * the storage holds them — 1-hour roll-ups of the whole month, 1-minute roll-ups of the last week, raw readings
 * (every 2 s) of the last 65 minutes rolled up into minutes by the real roll-up SQL, and the roll-up progress —
 * with marked moments: an offline period, an alarm spike, a BOOL pulse, lost communication, a sensor not scanned
 * and a sensor disabled.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type SensorRole = 'spike' | 'pulse' | 'lost' | 'notScanned' | 'disabled';

/** Which sensor of the 0300 tree plays which part (leaf path under the device id). */
export const ROLE_SENSORS: Record<SensorRole, string> = {
  spike: 'tmp.1',
  pulse: 'head.1',
  lost: 'exp2.1',
  notScanned: 'exp1.2',
  disabled: 'exp2.2',
};

export type GraphHistory = {
  /** The minute every offset counts from (epoch ms, whole minute). */
  nowMinute: number;
  offline: { from: number; to: number };
  spikeAt: number;
  pulse: { from: number; to: number };
  lostFrom: number;
  notScanned: { from: number; to: number };
  disabledFrom: number;
  rawFrom: number;
};

export function historyMarks(nowMs: number): GraphHistory {
  const nowMinute = Math.floor(nowMs / MINUTE) * MINUTE;
  return {
    nowMinute,
    offline: { from: nowMinute - 10 * DAY, to: nowMinute - 10 * DAY + 3 * HOUR },
    spikeAt: nowMinute - 3 * DAY + 17 * MINUTE,
    pulse: { from: nowMinute - 5 * DAY + 7 * MINUTE, to: nowMinute - 5 * DAY + 9 * MINUTE },
    lostFrom: nowMinute - 2 * DAY,
    notScanned: { from: nowMinute - DAY, to: nowMinute - DAY + 2 * HOUR },
    disabledFrom: nowMinute - 5 * HOUR,
    rawFrom: nowMinute - 65 * MINUTE,
  };
}

/** The latest tree with the 'disabled' sensor's Meta.State 'Disabled' (as a gateway reports it). */
export function withDisabledSensor(tree: StateTree): StateTree {
  const copy = structuredClone(tree);
  const deviceId = copy.device.deviceId;
  for (const { fullId, sensor } of listSensors(copy)) {
    if (fullId === `${deviceId}.${ROLE_SENSORS.disabled}`) {
      Object.assign(sensor, { Value: null, Status: 'N/A', Alarm: false });
      sensor.Meta.State = 'Disabled';
    }
  }
  return copy;
}

const code = (status: (typeof SENSOR_STATUSES)[number]) => sql.raw(String(SENSOR_STATUSES.indexOf(status)));
const minuteOf = (ms: number) => Math.floor(ms / MINUTE);

/** The curve of a NUMERIC sensor at minute `m` (two decimals). */
const numericValue = (m: SQL): SQL => sql`floor((50 + 10 * sin(${m} / 180.0 + s.key)) * 100) / 100`;

/** The sensors as a VALUES list (key, type, role) and the per-minute points of the history (minutes as integers). */
function pointsCte(sensorsList: SQL, marks: GraphHistory, minutes: { from: number; to: number }): SQL {
  const m = (ms: number) => sql.raw(String(minuteOf(ms)));
  return sql`with s(key, type, role) as (values ${sensorsList}),
    minutes as (
      select m from generate_series(${m(minutes.from)}, ${m(minutes.to)} - 1) m
      where not (m >= ${m(marks.offline.from)} and m < ${m(marks.offline.to)})
    ),
    points as (
      select s.key, m,
        case when s.role = 'lost' and m >= ${m(marks.lostFrom)} then null
          when s.role = 'notScanned' and m >= ${m(marks.notScanned.from)} and m < ${m(marks.notScanned.to)} then null
          when s.role = 'spike' and m = ${m(marks.spikeAt)} then 400
          when s.role = 'pulse' and m >= ${m(marks.pulse.from)} and m < ${m(marks.pulse.to)} then 1
          when s.type = 'NUMERIC' then ${numericValue(sql.raw('m'))}
          when s.type = 'BOOL' then 0 else 1 end as value,
        case when s.role = 'lost' and m >= ${m(marks.lostFrom)} then ${code('N/A')}
          when s.role = 'notScanned' and m >= ${m(marks.notScanned.from)} and m < ${m(marks.notScanned.to)}
            then ${code('Not Scanned')}
          when (s.role = 'spike' and m = ${m(marks.spikeAt)})
            or (s.role = 'pulse' and m >= ${m(marks.pulse.from)} and m < ${m(marks.pulse.to)}) then ${code('Alarm')}
          else ${code('OK')} end as status
      from minutes, s
      where not (s.role = 'disabled' and m >= ${m(marks.disabledFrom)})
    )`;
}

/** Seeds the history of every sensor of the device's tree; answers its marks. */
export async function seedGraphHistory(
  db: Database,
  deviceId: number,
  tree: StateTree,
  nowMs = Date.now(),
): Promise<GraphHistory> {
  const marks = historyMarks(nowMs);
  const keys = await findSensorKeysOfDevice(db, deviceId);
  const roles = new Map(
    Object.entries(ROLE_SENSORS).map(([role, path]) => [`${tree.device.deviceId}.${path}`, role]),
  );
  const rows = listSensors(tree).map(({ fullId, sensor }) => {
    const key = keys.get(fullId);
    if (key === undefined) {
      throw new Error(`no sensors key for ${fullId}`);
    }
    return sql`(${sql.raw(String(key))}, ${sensor.Type}, ${roles.get(fullId) ?? 'plain'})`;
  });
  const sensorsList = sql.join(rows, sql`, `);
  const alarm = sql`status = ${code('Alarm')}`;
  // 1-minute roll-ups of the last week, up to the raw readings.
  const minuteRollupsFrom = marks.nowMinute - 7 * DAY - 2 * HOUR;
  await db.execute(sql`${pointsCte(sensorsList, marks, { from: minuteRollupsFrom, to: marks.rawFrom })}
    insert into sensor_rollups_1m (sensor_key, bucket, min, max, sum, count, last, samples, worst_status, any_alarm)
    select key, to_timestamp(m * 60), value, value, value, (value is not null)::int, value, 1, status, ${alarm}
    from points`);
  // Raw readings every 2 s of the last 65 minutes (a small ramp inside each minute), up to now.
  await db.execute(sql`${pointsCte(sensorsList, marks, { from: marks.rawFrom, to: marks.nowMinute + MINUTE })}
    insert into sensor_readings (sensor_key, ts, value, status, in_alarm)
    select key, to_timestamp(m * 60 + second), case when value is null or s.type <> 'NUMERIC' then value
      else value + second / 100.0 end, status, ${alarm}
    from points join s using (key), generate_series(0, 58, 2) second
    where to_timestamp(m * 60 + second) <= to_timestamp(${nowMs / 1000})`);
  const minutesDone = new Date(marks.nowMinute - 2 * MINUTE);
  await upsertRollups(db, '1m', { from: new Date(marks.rawFrom), to: minutesDone });
  // 1-hour roll-ups: of the last week's minutes by the roll-up SQL itself; older hours of the month (where no
  // test looks at single minutes) as one row per hour of the same curve, the offline hours left out.
  const minutesFrom = Math.ceil(minuteRollupsFrom / HOUR) * HOUR;
  const hoursDone = Math.floor(minutesDone.getTime() / HOUR) * HOUR;
  await upsertRollups(db, '1h', { from: new Date(minutesFrom), to: new Date(hoursDone) });
  const h = (ms: number) => sql.raw(String(Math.floor(ms / HOUR)));
  const ms = (value: number) => sql.raw(String(value));
  await db.execute(sql`with s(key, type, role) as (values ${sensorsList}),
      hours as (
        select s.key, s.type, h, ${numericValue(sql.raw('h * 60'))} as v
        from s, generate_series(${h(hoursDone - 30 * DAY)}, ${h(minutesFrom)} - 1) h
        where not (h * 3600000::bigint + 3600000 > ${ms(marks.offline.from)} and h * 3600000::bigint < ${ms(marks.offline.to)})
      )
    insert into sensor_rollups_1h (sensor_key, bucket, min, max, sum, count, last, samples, worst_status, any_alarm)
    select key, to_timestamp(h * 3600), case when type = 'NUMERIC' then v - 1 when type = 'BOOL' then 0 else 1 end,
      case when type = 'NUMERIC' then v + 1 when type = 'BOOL' then 0 else 1 end,
      case when type = 'NUMERIC' then v * 60 when type = 'BOOL' then 0 else 60 end, 60,
      case when type = 'NUMERIC' then v when type = 'BOOL' then 0 else 1 end, 60, ${code('OK')}, false
    from hours`);
  await saveRollupProgress(db, '1m', minutesDone);
  await saveRollupProgress(db, '1h', new Date(hoursDone));
  return marks;
}
