import {
  DEVICE_MESSAGES,
  type HardwareUnit,
  type HardwareUnitCreate,
  HardwareUnitCreateSchema,
  NON_FIELD_ERRORS,
} from '@vigil/contracts';
import { assertStaff } from '../../access/access';
import type { Database } from '../../db/database';
import type { Page } from '../../db/page';
import type { HardwareUnitRow } from '../../db/tables/hardware.table';
import type { UserRow } from '../../db/tables/users.table';
import { uniqueViolationOf } from '../../db/unique-violation';
import { AppError, notFound } from '../../errors';
import {
  deleteHardwareUnit,
  findHardwareUnitClash,
  findHardwareUnits,
  getHardwareUnitById,
  type HardwareUnitWithDevice,
  insertHardwareUnit,
} from './hardware.repo';

export function toHardwareUnitJson(row: HardwareUnitRow, deviceId: number | null): HardwareUnit {
  return {
    id: row.id,
    serial_number: row.serialNumber,
    code: row.code,
    device_type: row.deviceType,
    udf_id: row.udfId,
    date_created: row.dateCreated.toISOString(),
    device: deviceId,
  };
}

/** GET hardware/: staff only. */
export async function listHardwareUnits(
  db: Database,
  user: UserRow,
  search: string | undefined,
  page: Page,
): Promise<{ count: number; results: HardwareUnit[] }> {
  assertStaff(user);
  const { count, rows } = await findHardwareUnits(db, { search, ...page });
  return { count, results: rows.map((row: HardwareUnitWithDevice) => toHardwareUnitJson(row, row.deviceId)) };
}

/** Provisions one unit; 400 when its serial number or UDF id is taken. Used by the API and the CLI. */
export async function provisionHardwareUnit(
  db: Database,
  input: HardwareUnitCreate,
): Promise<HardwareUnitRow> {
  const clash = await findHardwareUnitClash(db, input.serial_number, input.udf_id);
  if (clash !== undefined) {
    throw clashError(clash.serialNumber === input.serial_number ? 'serial_number' : 'udf_id');
  }
  try {
    return await insertHardwareUnit(db, {
      serialNumber: input.serial_number,
      code: input.code,
      deviceType: input.device_type,
      udfId: input.udf_id,
    });
  } catch (error) {
    const constraint = uniqueViolationOf(error);
    if (constraint === undefined) {
      throw error;
    }
    throw clashError(constraint.includes('udf') ? 'udf_id' : 'serial_number');
  }
}

function clashError(field: 'serial_number' | 'udf_id'): AppError {
  return AppError.validation({
    [field]: [field === 'udf_id' ? DEVICE_MESSAGES.hardwareUdfIdTaken : DEVICE_MESSAGES.hardwareSerialTaken],
  });
}

/** POST hardware/: staff only. */
export async function createHardwareUnit(
  db: Database,
  user: UserRow,
  input: HardwareUnitCreate,
): Promise<HardwareUnit> {
  assertStaff(user);
  return toHardwareUnitJson(await provisionHardwareUnit(db, input), null);
}

/** DELETE hardware/{id}/: staff only, and only while no device uses the unit. */
export async function removeHardwareUnit(db: Database, user: UserRow, id: number): Promise<void> {
  assertStaff(user);
  const unit = await getHardwareUnitById(db, id);
  if (unit === undefined) {
    throw notFound();
  }
  if (unit.deviceId !== null) {
    throw AppError.validation({ [NON_FIELD_ERRORS]: [DEVICE_MESSAGES.hardwareInUse] });
  }
  await deleteHardwareUnit(db, id);
}

/** Field messages of one CSV line or CLI input, or the parsed unit. */
export function parseHardwareInput(
  input: Record<string, unknown>,
): { ok: true; value: HardwareUnitCreate } | { ok: false; message: string } {
  const parsed = HardwareUnitCreateSchema.safeParse(input);
  if (parsed.success) {
    return { ok: true, value: parsed.data };
  }
  const message = parsed.error.issues
    .map((issue) => `${String(issue.path[0] ?? 'line')}: ${issue.message}`)
    .join('; ');
  return { ok: false, message };
}
