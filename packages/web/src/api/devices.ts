import { queryOptions } from '@tanstack/react-query';
import {
  type Device,
  type DeviceFormValues,
  DeviceListSchema,
  DeviceSchema,
  type DeviceType,
} from '@vigil/contracts';
import { api, ignoreBody } from './client';

/**
 * Query keys of the devices domain; invalidating `all` refreshes every device view, `one(id)` the device and
 * everything kept under it (its sensor settings, warnings, maintenance and proof tests).
 */
export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  /** A site's devices; no site: the current one. */
  list: (siteId: number | undefined) => [...deviceKeys.lists(), siteId ?? 'current'] as const,
  one: (id: number) => [...deviceKeys.all, 'one', id] as const,
};

export function devicesQuery(siteId: number | undefined) {
  return queryOptions({
    queryKey: deviceKeys.list(siteId),
    queryFn: ({ signal }) => listDevices(siteId, signal),
  });
}

export function deviceQuery(id: number) {
  return queryOptions({ queryKey: deviceKeys.one(id), queryFn: ({ signal }) => getDevice(id, signal) });
}

/** GET devices/: the devices of the current site, or of `location` (a plain array). */
export function listDevices(location: number | undefined, signal?: AbortSignal): Promise<Device[]> {
  return api.get('devices/', { query: { location }, parse: DeviceListSchema.parse, signal });
}

/** GET devices/{id}/. */
export function getDevice(id: number, signal?: AbortSignal): Promise<Device> {
  return api.get(`devices/${id}/`, { parse: DeviceSchema.parse, signal });
}

/** POST devices/ (201); the server answers each missing field with its message. */
export function createDevice(values: Partial<DeviceFormValues>): Promise<Device> {
  return api.post('devices/', { body: values, parse: DeviceSchema.parse });
}

export type DeviceChanges = Partial<DeviceFormValues> & { is_emulated_as?: DeviceType | null };

/** PATCH devices/{id}/ (200). */
export function updateDevice(id: number, values: DeviceChanges): Promise<Device> {
  return api.patch(`devices/${id}/`, { body: { id, ...values }, parse: DeviceSchema.parse });
}

/** DELETE devices/{id}/ (204). */
export function deleteDevice(id: number): Promise<void> {
  return api.delete(`devices/${id}/`, { parse: ignoreBody });
}

/** POST devices/{id}/suspend/: deactivates or reactivates (200). */
export function toggleDeviceSuspended(id: number): Promise<Device> {
  return api.post(`devices/${id}/suspend/`, { parse: DeviceSchema.parse });
}

/** POST devices/{id}/select/: makes the device (and its site and client) current. */
export function selectDevice(id: number): Promise<Device> {
  return api.post(`devices/${id}/select/`, { parse: DeviceSchema.parse });
}
