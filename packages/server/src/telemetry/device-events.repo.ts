import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { Database } from '../db/database';
import { insertChunks } from '../db/insert-chunks';
import { type DeviceEventRow, deviceEvents, type NewDeviceEventRow } from './device-events.table';

/**
 * Takes the offline sweep's lock for the rest of the transaction `tx`; false when another instance's sweep
 * holds it (that one does the work; this one skips its turn instead of waiting on the same rows).
 */
export async function tryLockOfflineSweep(tx: Database): Promise<boolean> {
  const result = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.offlineSweep}) as locked`,
  )) as unknown as {
    rows: Array<{ locked: boolean }>;
  };
  return result.rows[0]?.locked === true;
}

export async function insertDeviceEvents(db: Database, rows: readonly NewDeviceEventRow[]): Promise<void> {
  for (const chunk of insertChunks(rows)) {
    await db.insert(deviceEvents).values(chunk);
  }
}

export type DeviceEventRange = { from?: Date; to?: Date; limit?: number };

/** A device's events with `from` ≤ ts < `to`, oldest first (insertion order within one instant). */
export async function listDeviceEvents(
  db: Database,
  deviceId: number,
  range: DeviceEventRange = {},
): Promise<DeviceEventRow[]> {
  const conditions = [eq(deviceEvents.deviceId, deviceId)];
  if (range.from !== undefined) {
    conditions.push(gte(deviceEvents.ts, range.from));
  }
  if (range.to !== undefined) {
    conditions.push(lt(deviceEvents.ts, range.to));
  }
  return db
    .select()
    .from(deviceEvents)
    .where(and(...conditions))
    .orderBy(asc(deviceEvents.ts), asc(deviceEvents.id))
    .limit(range.limit ?? 1000);
}
