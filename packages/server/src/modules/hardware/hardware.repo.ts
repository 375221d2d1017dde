import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { devices } from '../../db/tables/devices.table';
import { type HardwareUnitRow, hardwareUnits, type NewHardwareUnitRow } from '../../db/tables/hardware.table';

/** A unit with the id of the device using it (null when free). */
export type HardwareUnitWithDevice = HardwareUnitRow & { deviceId: number | null };

function searchWhere(search: string | undefined): SQL | undefined {
  if (search === undefined || search === '') {
    return undefined;
  }
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(hardwareUnits.serialNumber, pattern), ilike(hardwareUnits.udfId, pattern));
}

/** One page of hardware units, newest first, and the total count. */
export async function findHardwareUnits(
  db: Database,
  filter: { search?: string; limit: number; offset: number },
): Promise<{ count: number; rows: HardwareUnitWithDevice[] }> {
  const where = searchWhere(filter.search);
  const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(hardwareUnits).where(where);
  const rows = await db
    .select({ unit: hardwareUnits, deviceId: devices.id })
    .from(hardwareUnits)
    .leftJoin(devices, eq(devices.hardwareUnitId, hardwareUnits.id))
    .where(where)
    .orderBy(desc(hardwareUnits.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { count: total?.count ?? 0, rows: rows.map((row) => ({ ...row.unit, deviceId: row.deviceId })) };
}

export async function getHardwareUnitById(
  db: Database,
  id: number,
): Promise<HardwareUnitWithDevice | undefined> {
  const [row] = await db
    .select({ unit: hardwareUnits, deviceId: devices.id })
    .from(hardwareUnits)
    .leftJoin(devices, eq(devices.hardwareUnitId, hardwareUnits.id))
    .where(eq(hardwareUnits.id, id))
    .limit(1);
  return row === undefined ? undefined : { ...row.unit, deviceId: row.deviceId };
}

/** The unit with this serial number and code, with the device using it. */
export async function findHardwareUnitByCredentials(
  db: Database,
  serialNumber: string,
  code: string,
): Promise<HardwareUnitWithDevice | undefined> {
  const [row] = await db
    .select({ unit: hardwareUnits, deviceId: devices.id })
    .from(hardwareUnits)
    .leftJoin(devices, eq(devices.hardwareUnitId, hardwareUnits.id))
    .where(and(eq(hardwareUnits.serialNumber, serialNumber), eq(hardwareUnits.code, code)))
    .limit(1);
  return row === undefined ? undefined : { ...row.unit, deviceId: row.deviceId };
}

export async function findHardwareUnitClash(
  db: Database,
  serialNumber: string,
  udfId: string,
): Promise<HardwareUnitRow | undefined> {
  const [row] = await db
    .select()
    .from(hardwareUnits)
    .where(or(eq(hardwareUnits.serialNumber, serialNumber), eq(hardwareUnits.udfId, udfId)))
    .limit(1);
  return row;
}

export async function insertHardwareUnit(db: Database, values: NewHardwareUnitRow): Promise<HardwareUnitRow> {
  const [row] = await db.insert(hardwareUnits).values(values).returning();
  if (row === undefined) {
    throw new Error('insert into hardware_units returned no row');
  }
  return row;
}

export async function deleteHardwareUnit(db: Database, id: number): Promise<void> {
  await db.delete(hardwareUnits).where(eq(hardwareUnits.id, id));
}
