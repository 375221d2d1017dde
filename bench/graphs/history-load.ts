import { SENSOR_STATUSES } from '@vigil/contracts';
import type pg from 'pg';
import type { Database } from '../../packages/server/src/db/database';
import type { NewSensorReadingRow } from '../../packages/server/src/db/tables/sensor-readings.table';
import { ensurePartitions } from '../../packages/server/src/modules/telemetry/partitions';
import { copyReadings } from '../../packages/server/src/modules/telemetry/readings-copy';
import { ROLLUP_GRACE_MS, rollUp } from '../../packages/server/src/modules/telemetry/rollups';
import { saveRollupProgress } from '../../packages/server/src/modules/telemetry/rollups.repo';
import { DAY_MINUTES, MINUTE_MS, readingAt } from './history-values';
import type { PlannedSensor } from './sensor-plan';

/**
 * Writes the bench's history through the storage layer's own bulk path: the daily partitions first
 * (partitions.ts), the raw readings with copyReadings (COPY, as the telemetry writer does on PostgreSQL), then the
 * roll-ups with rollUp (the job the server runs every minute), day by day, and VACUUM ANALYZE.
 */

/** A device's sensors under their `sensors.id` keys; `position` seeds its values. */
export type HistoryDevice = { position: number; sensors: Array<{ key: number; sensor: PlannedSensor }> };

/** Minutes [fromMinute, toMinute) in epoch minutes, one reading per sensor per minute. */
export type HistoryPlan = { devices: HistoryDevice[]; fromMinute: number; toMinute: number };

export type LoadFigures = {
  rows: number;
  copySeconds: number;
  rowsPerSecond: number;
  rollupSeconds: number;
  vacuumSeconds: number;
  /** Bytes of each table with its partitions and indexes, after the load. */
  bytes: Record<'sensor_readings' | 'sensor_rollups_1m' | 'sensor_rollups_1h', number>;
  /** Row estimates after ANALYZE. */
  rollupRows: { minute: number; hour: number };
};

const CHUNK_MINUTES = 60;
const DAY_MS = DAY_MINUTES * MINUTE_MS;
const STATUS_CODES = new Map(SENSOR_STATUSES.map((status, code) => [status, code]));

/** A device's readings share one timestamp a minute (one tree), a few seconds into it, as devices are not in step. */
const secondsIntoMinute = (position: number) => (position * 7) % 60;

/**
 * The readings of minutes [fromMinute, toMinute) in the order the ingest writes them: minute by minute, every
 * device's tree of that minute in turn (so the BRIN index on ts works for the roll-ups as it does live).
 */
export function historyRows(plan: HistoryPlan, fromMinute: number, toMinute: number): NewSensorReadingRow[] {
  const rows: NewSensorReadingRow[] = [];
  for (let minute = fromMinute; minute < toMinute; minute += 1) {
    for (const device of plan.devices) {
      const ts = new Date(minute * MINUTE_MS + secondsIntoMinute(device.position) * 1000);
      for (const { key, sensor } of device.sensors) {
        const reading = readingAt(device.position, sensor, minute);
        rows.push({
          sensorKey: key,
          ts,
          value: reading.value,
          status: STATUS_CODES.get(reading.status) ?? 0,
          inAlarm: reading.inAlarm,
        });
      }
    }
  }
  return rows;
}

type Say = (line: string) => void;
const seconds = (since: number) => (performance.now() - since) / 1000;
const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** COPYs the raw readings an hour at a time; the next hour is built while the last one is on its way. */
async function copyHistory(client: pg.ClientBase, plan: HistoryPlan, say: Say): Promise<number> {
  const started = performance.now();
  const totalMinutes = plan.toMinute - plan.fromMinute;
  const perMinute = plan.devices.reduce((sum, device) => sum + device.sensors.length, 0);
  let rows = 0;
  let pending: Promise<void> | null = null;
  let nextReport = plan.fromMinute + DAY_MINUTES;
  for (let minute = plan.fromMinute; minute < plan.toMinute; minute += CHUNK_MINUTES) {
    const end = Math.min(plan.toMinute, minute + CHUNK_MINUTES);
    const chunk = historyRows(plan, minute, end);
    await pending;
    pending = copyReadings(client, chunk);
    rows += chunk.length;
    if (end >= nextReport || end === plan.toMinute) {
      const done = end - plan.fromMinute;
      say(
        `  readings: day ${Math.ceil(done / DAY_MINUTES)} of ${Math.ceil(totalMinutes / DAY_MINUTES)}, ` +
          `${count(rows)} of ${count(totalMinutes * perMinute)} rows, ${count(rows / seconds(started))} rows/s`,
      );
      nextReport += DAY_MINUTES;
    }
  }
  await pending;
  return rows;
}

/** The roll-up job's own catch-up from the start of the history, a day per call so progress can be shown. */
async function rollUpHistory(db: Database, plan: HistoryPlan, say: Say): Promise<void> {
  const start = new Date(Math.floor((plan.fromMinute * MINUTE_MS) / 3_600_000) * 3_600_000);
  await saveRollupProgress(db, '1m', start);
  await saveRollupProgress(db, '1h', start);
  const started = performance.now();
  const days = Math.ceil((Date.now() - start.getTime()) / DAY_MS);
  for (let day = 1; day <= days; day += 1) {
    // rollUp treats minutes ending ROLLUP_GRACE_MS before `now` as closed: this `now` closes the whole day.
    const now = new Date(Math.min(Date.now(), start.getTime() + day * DAY_MS + ROLLUP_GRACE_MS));
    const run = await rollUp(db, now);
    if (run.skipped) {
      throw new Error(
        'the roll-up lock is held by another process: is a Vigil server running on this database?',
      );
    }
    say(
      `  roll-ups: day ${day} of ${days}, minutes until ${run.minutesDoneUntil?.toISOString()}, ` +
        `hours until ${run.hoursDoneUntil?.toISOString()}, ${seconds(started).toFixed(0)} s`,
    );
  }
}

async function partitionTreeBytes(client: pg.ClientBase, table: string): Promise<number> {
  const { rows } = await client.query<{ bytes: string | null }>(
    `select pg_total_relation_size($1::regclass)
          + coalesce((select sum(pg_total_relation_size(inhrelid)) from pg_inherits
                       where inhparent = $1::regclass), 0) as bytes`,
    [table],
  );
  return Number(rows[0]?.bytes ?? 0);
}

async function estimatedRows(client: pg.ClientBase, table: string): Promise<number> {
  const { rows } = await client.query<{ rows: string | null }>(
    // A partitioned parent's reltuples already sums its partitions: only tables with rows of their own count.
    `select sum(greatest(c.reltuples, 0)) as rows from pg_class c where c.relkind = 'r'
      and (c.oid = $1::regclass or c.oid in (select inhrelid from pg_inherits where inhparent = $1::regclass))`,
    [table],
  );
  return Number(rows[0]?.rows ?? 0);
}

/** The whole load: partitions, readings, roll-ups, VACUUM ANALYZE. No Vigil server may run meanwhile. */
export async function loadHistory(
  db: Database,
  client: pg.ClientBase,
  plan: HistoryPlan,
  say: Say,
): Promise<LoadFigures> {
  const from = new Date(plan.fromMinute * MINUTE_MS);
  const days = Math.ceil(((plan.toMinute - plan.fromMinute) * MINUTE_MS) / DAY_MS) + 1;
  for (const table of ['sensor_readings', 'sensor_rollups_1m'] as const) {
    await ensurePartitions(db, table, from, days, (name, error) => {
      throw new Error(`partition ${name} not created: ${String(error)}`);
    });
  }
  let started = performance.now();
  const rows = await copyHistory(client, plan, say);
  const copySeconds = seconds(started);
  started = performance.now();
  await rollUpHistory(db, plan, say);
  const rollupSeconds = seconds(started);
  say('  VACUUM ANALYZE …');
  started = performance.now();
  await client.query('VACUUM (ANALYZE) sensor_readings, sensor_rollups_1m, sensor_rollups_1h, sensors');
  const vacuumSeconds = seconds(started);
  return {
    rows,
    copySeconds,
    rowsPerSecond: rows / copySeconds,
    rollupSeconds,
    vacuumSeconds,
    bytes: {
      sensor_readings: await partitionTreeBytes(client, 'sensor_readings'),
      sensor_rollups_1m: await partitionTreeBytes(client, 'sensor_rollups_1m'),
      sensor_rollups_1h: await partitionTreeBytes(client, 'sensor_rollups_1h'),
    },
    rollupRows: {
      minute: await estimatedRows(client, 'sensor_rollups_1m'),
      hour: await estimatedRows(client, 'sensor_rollups_1h'),
    },
  };
}
