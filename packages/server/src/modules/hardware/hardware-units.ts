import { type HardwareUnit, type HardwareUnitCreate, HardwareUnitCreateSchema } from '@vigil/contracts';
import type { HardwareUnitRow } from '../../db/tables/hardware.table';

/** A unit as the API answers it, with the id of the device bound to it (or null). */
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
