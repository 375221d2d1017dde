import {
  type HardwareUnit,
  type HardwareUnitCreate,
  HardwareUnitSchema,
  type Paginated,
  paginatedSchema,
} from '@vigil/contracts';
import { api, ignoreBody } from './client';

const HardwarePageSchema = paginatedSchema(HardwareUnitSchema);

/** GET hardware/ (staff). */
export function listHardwareUnits(
  params: { offset: number; limit: number; search?: string },
  signal?: AbortSignal,
): Promise<Paginated<HardwareUnit>> {
  return api.get('hardware/', { query: params, parse: HardwarePageSchema.parse, signal });
}

/** POST hardware/ (201, staff). */
export function createHardwareUnit(values: HardwareUnitCreate): Promise<HardwareUnit> {
  return api.post('hardware/', { body: values, parse: HardwareUnitSchema.parse });
}

/** DELETE hardware/{id}/ (204, staff; refused while a device uses the unit). */
export function deleteHardwareUnit(id: number): Promise<void> {
  return api.delete(`hardware/${id}/`, { parse: ignoreBody });
}
