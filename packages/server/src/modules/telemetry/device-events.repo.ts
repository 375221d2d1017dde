import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database } from '../../db/database';
import { insertChunks } from '../../db/insert-chunks';
import {
  type DeviceEventKind,
  type DeviceEventRow,
  deviceEvents,
  type NewDeviceEventRow,
} from '../../db/tables/device-events.table';

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

export type DeviceEventRange = {
  from?: Date;
  to?: Date;
  limit?: number;
  /** Only these kinds. */
  kinds?: readonly DeviceEventKind[];
  /** The newest first (the limit then keeps the newest). */
  newestFirst?: boolean;
};

/** A device's events with `from` ≤ ts < `to`, oldest first (insertion order within one instant). */
export async function listDeviceEvents(
  db: Database,
  deviceId: number,
  range: DeviceEventRange = {},
): Promise<DeviceEventRow[]> {
  const conditions = [eq(deviceEvents.deviceId, deviceId)];
  if (range.kinds !== undefined) {
    conditions.push(inArray(deviceEvents.kind, [...range.kinds]));
  }
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
    .orderBy(
      ...(range.newestFirst === true
        ? [desc(deviceEvents.ts), desc(deviceEvents.id)]
        : [asc(deviceEvents.ts), asc(deviceEvents.id)]),
    )
    .limit(range.limit ?? 1000);
}
