import { queryOptions } from '@tanstack/react-query';
import {
  type HardwareUnit,
  type HardwareUnitCreate,
  HardwareUnitSchema,
  type Paginated,
  paginatedSchema,
} from '@vigil/contracts';
import { api, ignoreBody } from './client';

const HardwarePageSchema = paginatedSchema(HardwareUnitSchema);

/** Rows per page of the hardware table. */
export const HARDWARE_PAGE_SIZE = 20;

export type HardwareListParams = { page: number; search?: string };

/** Query keys of the hardware units; invalidating `all` refreshes the table. */
export const hardwareKeys = {
  all: ['hardware'] as const,
  list: (params: HardwareListParams) => [...hardwareKeys.all, 'list', params] as const,
};

/** One page of the units, searched on the server. */
export function hardwareUnitsQuery({ page, search }: HardwareListParams) {
  return queryOptions({
    queryKey: hardwareKeys.list({ page, search }),
    queryFn: ({ signal }) =>
      listHardwareUnits(
        { limit: HARDWARE_PAGE_SIZE, offset: (page - 1) * HARDWARE_PAGE_SIZE, search },
        signal,
      ),
  });
}

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
