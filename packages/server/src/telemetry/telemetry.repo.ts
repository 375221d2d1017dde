import type { StateTree } from '@vigil/contracts';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { devices } from '../modules/devices/devices.table';
import { deviceState } from './device-state.table';
import { type NewSensorReadingRow, sensorReadings } from './sensor-readings.table';
import { type NewStateRecordRow, stateRecords } from './state-records.table';

/** The latest tree of a device as the ingest batch writes it. */
export type DeviceStateWrite = {
  deviceId: number;
  tree: StateTree;
  receivedAt: Date;
  deviceTime: string | null;
};

// PostgreSQL allows 65,535 bind parameters per statement: 6 columns × 5,000 rows stays below.
const READINGS_PER_INSERT = 5000;

/** Upserts the latest tree of each device (one row per device in `states`). */
export async function upsertDeviceStates(db: Database, states: readonly DeviceStateWrite[]): Promise<void> {
  if (states.length === 0) {
    return;
  }
  await db
    .insert(deviceState)
    .values([...states])
    .onConflictDoUpdate({
      target: deviceState.deviceId,
      set: {
        tree: sql`excluded.tree`,
        receivedAt: sql`excluded.received_at`,
        deviceTime: sql`excluded.device_time`,
      },
    });
}

export async function insertStateRecords(db: Database, rows: readonly NewStateRecordRow[]): Promise<void> {
  if (rows.length > 0) {
    await db.insert(stateRecords).values([...rows]);
  }
}

/** Multi-row INSERTs of at most 5,000 rows each. */
export async function insertSensorReadings(
  db: Database,
  rows: readonly NewSensorReadingRow[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += READINGS_PER_INSERT) {
    await db.insert(sensorReadings).values(rows.slice(start, start + READINGS_PER_INSERT));
  }
}

/** The latest tree of every device, with its udf_id (ingest start-up). */
export async function findLatestStates(
  db: Database,
): Promise<Array<{ udfId: string; tree: StateTree; receivedAt: Date }>> {
  return db
    .select({ udfId: devices.udfId, tree: deviceState.tree, receivedAt: deviceState.receivedAt })
    .from(deviceState)
    .innerJoin(devices, eq(devices.id, deviceState.deviceId));
}

export async function findDeviceState(db: Database, deviceId: number) {
  const [row] = await db.select().from(deviceState).where(eq(deviceState.deviceId, deviceId)).limit(1);
  return row;
}

/** One page of a device's records at and after `from`, oldest first, and their total count. */
export async function findStateRecords(
  db: Database,
  deviceId: number,
  from: Date,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: Array<{ id: number; ts: Date; status: string }> }> {
  const where = and(eq(stateRecords.deviceId, deviceId), gte(stateRecords.ts, from));
  const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(stateRecords).where(where);
  const rows = await db
    .select({ id: stateRecords.id, ts: stateRecords.ts, status: stateRecords.status })
    .from(stateRecords)
    .where(where)
    .orderBy(asc(stateRecords.ts), asc(stateRecords.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.count ?? 0, rows };
}

export async function findStateRecord(db: Database, deviceId: number, recordId: number) {
  const [row] = await db
    .select()
    .from(stateRecords)
    .where(and(eq(stateRecords.deviceId, deviceId), eq(stateRecords.id, recordId)))
    .limit(1);
  return row;
}

/** Deletes raw readings older than `cutoff`; returns how many. */
export async function deleteReadingsBefore(db: Database, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(sensorReadings)
    .where(lt(sensorReadings.ts, cutoff))
    .returning({ ts: sensorReadings.ts });
  return rows.length;
}
