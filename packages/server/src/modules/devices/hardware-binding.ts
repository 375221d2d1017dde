import { DEVICE_MESSAGES, type DeviceType, NON_FIELD_ERRORS } from '@vigil/contracts';
import type { HardwareUnitRow } from '../../db/tables/hardware.table';
import { AppError } from '../../errors';
import type { HardwareUnitWithDevice } from '../hardware/hardware.repo';

export type BindingInput = { serialNumber: string; code: string; deviceType: DeviceType; udfId?: string };

export function notValidSerialOrCode(): AppError {
  return AppError.validation({ [NON_FIELD_ERRORS]: [DEVICE_MESSAGES.notValidSerialOrCode] });
}

/**
 * The provisioned unit a device may be bound to, given the unit found by serial number and code: it must
 * exist, no other device may use it, and the type (and the udf_id, when sent) must be the unit's. One
 * message for every failure, so serial numbers cannot be probed.
 */
export function bindableUnit(
  unit: HardwareUnitWithDevice | undefined,
  input: BindingInput,
  deviceId?: number,
): HardwareUnitRow {
  const usedByOther = unit?.deviceId !== null && unit?.deviceId !== deviceId;
  if (
    unit === undefined ||
    usedByOther ||
    unit.deviceType !== input.deviceType ||
    (input.udfId !== undefined && input.udfId !== unit.udfId)
  ) {
    throw notValidSerialOrCode();
  }
  return unit;
}
