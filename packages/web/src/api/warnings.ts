import {
  type DeviceSensorGroup,
  DeviceSensorGroupsSchema,
  flattenSensorGroups,
  WARNINGS_PAGE_SIZE,
  type Warning,
  WarningsPageSchema,
  type WarningsSave,
} from '@vigil/contracts';
import { api, ignoreBody } from './client';

/** Groups of GET devices/{id}/sensors/ with their sensors (F500-UDF networks flattened). */
export type DeviceSensorGroups = DeviceSensorGroup[];

/** Query keys of a device's warnings and of the sensors they can watch. */
export function warningsQueryKey(deviceId: number) {
  return ['devices', 'one', deviceId, 'warnings'] as const;
}

export function deviceSensorsQueryKey(deviceId: number) {
  return ['devices', 'one', deviceId, 'sensors'] as const;
}

/** GET devices/{id}/settings/warnings/?limit=100: the device's warnings (one page holds them all). */
export async function listWarnings(deviceId: number, signal?: AbortSignal): Promise<Warning[]> {
  const page = await api.get(`devices/${deviceId}/settings/warnings/`, {
    query: { limit: WARNINGS_PAGE_SIZE },
    parse: WarningsPageSchema.parse,
    signal,
  });
  return page.results;
}

/** POST devices/{id}/settings/warnings/ (201): the whole list replaces the device's warnings. */
export function saveWarnings(deviceId: number, warnings: WarningsSave): Promise<void> {
  return api.post(`devices/${deviceId}/settings/warnings/`, { body: warnings, parse: ignoreBody });
}

/**
 * GET devices/{id}/sensors/: the groups of the latest tree with their sensors. Its `id`s are the tree's own (the
 * earlier client's wire shape); Vigil's screens name a sensor by its `full_id`. F500-UDF networks are flattened.
 */
export async function listDeviceSensors(deviceId: number, signal?: AbortSignal): Promise<DeviceSensorGroups> {
  const answer = await api.get(`devices/${deviceId}/sensors/`, {
    parse: DeviceSensorGroupsSchema.parse,
    signal,
  });
  return flattenSensorGroups(answer);
}
