import type { UnshelveHow } from '@vigil/contracts';
import { and, asc, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type NewSensorShelfRow, type SensorShelfRow, sensorShelves } from '../../db/tables/shelving.table';
import { locations } from '../../db/tables/sites.table';

const isActive = isNull(sensorShelves.unshelvedAt);

/** Locks the site's row for the rest of the transaction: shelving at one site is made one change at a time. */
export async function lockSite(db: Database, locationId: number): Promise<void> {
  await db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId)).for('update');
}

/** How many shelves of the site are active. */
export async function countActiveShelves(db: Database, locationId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(sensorShelves)
    .where(and(eq(sensorShelves.locationId, locationId), isActive));
  return row?.total ?? 0;
}

/** The site's active shelves, the soonest to end first. */
export async function findActiveShelves(db: Database, locationId: number): Promise<SensorShelfRow[]> {
  return db
    .select()
    .from(sensorShelves)
    .where(and(eq(sensorShelves.locationId, locationId), isActive))
    .orderBy(asc(sensorShelves.until), asc(sensorShelves.id));
}

/** The sensor's active shelf, locked for the rest of the transaction (it is about to be replaced). */
export async function lockActiveShelfOfSensor(
  db: Database,
  deviceId: number,
  sensorId: string,
): Promise<SensorShelfRow | undefined> {
  const [row] = await db
    .select()
    .from(sensorShelves)
    .where(and(eq(sensorShelves.deviceId, deviceId), eq(sensorShelves.sensorId, sensorId), isActive))
    .for('update');
  return row;
}

/** A shelf of the site by id, locked (waits for the timer's transaction when it is ending the same shelf). */
export async function lockShelf(
  db: Database,
  locationId: number,
  id: number,
): Promise<SensorShelfRow | undefined> {
  const [row] = await db
    .select()
    .from(sensorShelves)
    .where(and(eq(sensorShelves.id, id), eq(sensorShelves.locationId, locationId)))
    .for('update');
  return row;
}

export async function insertShelf(db: Database, values: NewSensorShelfRow): Promise<SensorShelfRow> {
  const [row] = await db.insert(sensorShelves).values(values).returning();
  if (row === undefined) {
    throw new Error('the shelf was not saved');
  }
  return row;
}

/** Ends an active shelf; undefined when it had ended already. */
export async function endShelf(
  db: Database,
  id: number,
  end: { at: Date; by: { id: number; name: string } | null; how: UnshelveHow },
): Promise<SensorShelfRow | undefined> {
  const [row] = await db
    .update(sensorShelves)
    .set({
      unshelvedAt: end.at,
      unshelvedById: end.by?.id ?? null,
      unshelvedByName: end.by?.name ?? null,
      unshelveHow: end.how,
    })
    .where(and(eq(sensorShelves.id, id), isActive))
    .returning();
  return row;
}

/**
 * Claims active shelves whose time is up, soonest first: rows another instance (or a person unshelving by hand)
 * holds are skipped (FOR UPDATE SKIP LOCKED), so each shelf expires in one transaction only.
 */
export async function claimExpiredShelves(db: Database, now: Date, limit: number): Promise<SensorShelfRow[]> {
  return db
    .select()
    .from(sensorShelves)
    .where(and(isActive, lte(sensorShelves.until, now)))
    .orderBy(asc(sensorShelves.until), asc(sensorShelves.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export type ShelfProbe = { deviceId: number; sensorId: string; at: Date };

/**
 * The shelves of these devices in force at some moment between `from` and `to`: a sensor was shelved at `at`
 * when shelved_at <= at < the earlier of until and unshelved_at (isShelvedAt).
 */
export async function findShelvesAround(
  db: Database,
  deviceIds: readonly number[],
  range: { from: Date; to: Date },
): Promise<SensorShelfRow[]> {
  if (deviceIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(sensorShelves)
    .where(
      and(
        inArray(sensorShelves.deviceId, [...deviceIds]),
        lte(sensorShelves.shelvedAt, range.to),
        sql`${sensorShelves.until} > ${range.from}`,
        sql`(${sensorShelves.unshelvedAt} is null or ${sensorShelves.unshelvedAt} > ${range.from})`,
      ),
    );
}

/** Whether the sensor has a shelf in force at `at` (the escalation and the e-mail reminders ask before sending). */
export async function isSensorShelvedAt(
  db: Database,
  sensor: { deviceId: number | null; sensorId: string | null },
  at: Date,
): Promise<boolean> {
  if (sensor.deviceId === null || sensor.sensorId === null) {
    return false;
  }
  const rows = await db
    .select({ id: sensorShelves.id })
    .from(sensorShelves)
    .where(
      and(
        eq(sensorShelves.deviceId, sensor.deviceId),
        eq(sensorShelves.sensorId, sensor.sensorId),
        isActive,
        lte(sensorShelves.shelvedAt, at),
        sql`${sensorShelves.until} > ${at}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
