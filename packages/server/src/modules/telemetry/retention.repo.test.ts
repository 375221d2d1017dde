import type { StateTree } from '@vigil/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionDevice, silentLog, treeOf } from '../../../test/telemetry';
import { openTestDatabase } from '../../../test/test-database';
import { loadConfig } from '../../config';
import type { Database, DatabaseHandle } from '../../db/database';
import { deviceEvents } from '../../db/tables/device-events.table';
import { sensorReadings } from '../../db/tables/sensor-readings.table';
import { type RollupRow, sensorRollups1h, sensorRollups1m } from '../../db/tables/sensor-rollups.table';
import { stateRecords } from '../../db/tables/state-records.table';
import { ensurePartitions, listPartitions } from './partitions';
import { pruneHistory, pruneReadings, pruneRollups, startRetentionJob } from './retention';

const DAY = 24 * 3600 * 1000;
const NOW = new Date('2026-07-01T10:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const compact = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');

const rollup = (bucket: Date): RollupRow => ({
  sensorKey: 1,
  bucket,
  min: 1,
  max: 2,
  sum: 3,
  count: 2,
  last: 2,
  samples: 2,
  worstStatus: 0,
  anyAlarm: false,
});

describe('telemetry partitions and retention', () => {
  let database: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterAll(async () => database.close());

  it('creates daily partitions per table, named <table>_pYYYYMMDD, and lists each table its own', async () => {
    const day = daysAgo(100);
    expect(await ensurePartitions(db, 'sensor_rollups_1m', day, 1)).toEqual([
      `sensor_rollups_1m_p${compact(day)}`,
      `sensor_rollups_1m_p${compact(daysAgo(99))}`,
    ]);
    // Again: already there, nothing fails.
    expect(await ensurePartitions(db, 'sensor_rollups_1m', day, 0)).toHaveLength(1);
    const rollupPartitions = await listPartitions(db, 'sensor_rollups_1m');
    expect(rollupPartitions).toContainEqual({
      name: `sensor_rollups_1m_p${compact(day)}`,
      day: new Date(`${day.toISOString().slice(0, 10)}T00:00:00Z`),
    });
    const readingPartitions = (await listPartitions(db, 'sensor_readings')).map((p) => p.name);
    expect(readingPartitions.some((name) => name.startsWith('sensor_rollups_1m'))).toBe(false);
  });

  it('keeps roll-ups HISTORY_RETENTION_DAYS: drops whole old days, deletes older rows left', async () => {
    const [expired] = await ensurePartitions(db, 'sensor_rollups_1m', daysAgo(410), 0);
    await db
      .insert(sensorRollups1m)
      // One in a partition of its own, one in the default partition, one recent row.
      .values([rollup(daysAgo(410)), rollup(daysAgo(420)), rollup(daysAgo(399))]);
    await db.insert(sensorRollups1h).values([rollup(daysAgo(401)), rollup(daysAgo(420)), rollup(daysAgo(2))]);

    const pruned = await pruneRollups(db, 400, NOW);

    expect(pruned).toEqual({ droppedPartitions: [expired], deletedMinuteRows: 1, deletedHourRows: 2 });
    const left = async (table: typeof sensorRollups1m | typeof sensorRollups1h) =>
      (await db.select().from(table).orderBy(asc(table.bucket))).map((row) => row.bucket);
    expect(await left(sensorRollups1m)).toEqual([daysAgo(399)]);
    expect(await left(sensorRollups1h)).toEqual([daysAgo(2)]);
    expect((await listPartitions(db, 'sensor_rollups_1m')).map((p) => p.name)).not.toContain(expired);
    expect(loadConfig({}).historyRetentionDays).toBe(400);
  });

  it('keeps raw readings TELEMETRY_RETENTION_DAYS, apart from the roll-ups', async () => {
    const [expired] = await ensurePartitions(db, 'sensor_readings', daysAgo(40), 0);
    const [kept] = await ensurePartitions(db, 'sensor_rollups_1m', daysAgo(40), 0);
    const row = (ts: Date) => ({ sensorKey: 1, ts, value: 1, status: 0, inAlarm: false });
    await db.insert(sensorReadings).values([row(daysAgo(40)), row(daysAgo(50)), row(daysAgo(2))]);
    await db.insert(sensorRollups1m).values(rollup(daysAgo(40)));

    expect(await pruneReadings(db, 35, NOW)).toEqual({ droppedPartitions: [expired], deletedRows: 1 });
    expect((await db.select().from(sensorReadings)).map((r) => r.ts)).toEqual([daysAgo(2)]);
    expect((await listPartitions(db, 'sensor_rollups_1m')).map((p) => p.name)).toContain(kept);
    expect(await db.select().from(sensorRollups1m)).toHaveLength(2);
  });

  it('creates the partitions of today and the next 2 days of both tables when the job starts', async () => {
    const job = await startRetentionJob(db, { readings: 35, history: 400 }, silentLog);
    job.stop();
    const today = new Date();
    const names = [
      ...(await listPartitions(db, 'sensor_readings')),
      ...(await listPartitions(db, 'sensor_rollups_1m')),
    ].map((p) => p.name);
    for (const table of ['sensor_readings', 'sensor_rollups_1m']) {
      for (const ahead of [0, 1, 2]) {
        expect(names).toContain(`${table}_p${compact(new Date(today.getTime() + ahead * DAY))}`);
      }
    }
  });

  it('keeps state records and device events HISTORY_RETENTION_DAYS', async () => {
    const { device } = await provisionDevice(db);
    const tree = JSON.parse(treeOf({ ...device }, 1)) as StateTree;
    const record = (ts: Date) => ({ deviceId: device.id, ts, status: 'OK', tree });
    const event = (ts: Date) => ({ deviceId: device.id, ts, kind: 'power_up' as const });
    await db.insert(stateRecords).values([record(daysAgo(401)), record(daysAgo(399))]);
    await db.insert(deviceEvents).values([event(daysAgo(500)), event(daysAgo(401)), event(daysAgo(1))]);

    expect(await pruneHistory(db, 400, NOW)).toEqual({ deletedRecords: 1, deletedEvents: 2 });
    const records = await db.select().from(stateRecords).where(eq(stateRecords.deviceId, device.id));
    expect(records.map((row) => row.ts)).toEqual([daysAgo(399)]);
    const events = await db.select().from(deviceEvents).where(eq(deviceEvents.deviceId, device.id));
    expect(events.map((row) => row.ts)).toEqual([daysAgo(1)]);
  });
});
