import { queryOptions } from '@tanstack/react-query';
import {
  type SensorImages,
  type SensorImagesSave,
  SensorImagesSchema,
  SensorImageTypesSchema,
  type SensorNames,
  type SensorNamesSave,
  SensorNamesSchema,
  type SensorTypes,
  type SensorTypesSave,
  SensorTypesSchema,
  type Unit,
  UnitsListSchema,
} from '@vigil/contracts';
import { api, ignoreBody, type Parse } from './client';
import { deviceKeys } from './devices';

export type SensorImageType = ReturnType<typeof SensorImageTypesSchema.parse>[number];

/** Query keys of a device's sensor settings (under the device's, so refreshing the device refreshes them) and of the shared lists. */
export const sensorSettingsKeys = {
  names: (deviceId: number) => [...deviceKeys.one(deviceId), 'sensor-names'] as const,
  types: (deviceId: number) => [...deviceKeys.one(deviceId), 'sensor-types'] as const,
  images: (deviceId: number) => [...deviceKeys.one(deviceId), 'sensor-images'] as const,
  units: () => ['ie-node-units'] as const,
  imageTypes: () => ['sensor-image-types'] as const,
};

export function sensorNamesQuery(deviceId: number) {
  return queryOptions({
    queryKey: sensorSettingsKeys.names(deviceId),
    queryFn: ({ signal }) => getSensorNames(deviceId, signal),
  });
}

export function sensorTypesQuery(deviceId: number) {
  return queryOptions({
    queryKey: sensorSettingsKeys.types(deviceId),
    queryFn: ({ signal }) => getSensorTypes(deviceId, signal),
  });
}

export function sensorImagesQuery(deviceId: number) {
  return queryOptions({
    queryKey: sensorSettingsKeys.images(deviceId),
    queryFn: ({ signal }) => getSensorImages(deviceId, signal),
  });
}

/** The units a sensor type can take; they do not change while the page is open. */
export function ieNodeUnitsQuery() {
  return queryOptions({
    queryKey: sensorSettingsKeys.units(),
    queryFn: ({ signal }) => listIeNodeUnits(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The images a sensor can show; they do not change while the page is open. */
export function sensorImageTypesQuery() {
  return queryOptions({
    queryKey: sensorSettingsKeys.imageTypes(),
    queryFn: ({ signal }) => listSensorImageTypes(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const parseText: Parse<string> = (data) => {
  if (typeof data !== 'string') {
    throw new TypeError('Expected CSV text');
  }
  return data;
};

/** GET devices/{id}/settings/sensor-names: groups of sensors with their names (and F500-UDF degrees, networks). */
export function getSensorNames(deviceId: number, signal?: AbortSignal): Promise<SensorNames> {
  return api.get(`devices/${deviceId}/settings/sensor-names`, { parse: SensorNamesSchema.parse, signal });
}

/** POST devices/{id}/settings/sensor-names (201): the names sent change (blank removes one); answers the names. */
export function saveSensorNames(deviceId: number, body: SensorNamesSave): Promise<SensorNames> {
  return api.post(`devices/${deviceId}/settings/sensor-names`, { body, parse: SensorNamesSchema.parse });
}

/** GET devices/{id}/settings/export/sensor-names/: the names as CSV text (sensor_id, group, label, name). */
export function exportSensorNames(deviceId: number): Promise<string> {
  return api.get(`devices/${deviceId}/settings/export/sensor-names/`, { parse: parseText });
}

/**
 * POST devices/{id}/settings/import/sensor-names/ (200): a CSV in the multipart field `file`, all rows or none;
 * answers the names now held, and a refused file's 400 names the row.
 */
export function importSensorNames(deviceId: number, file: File): Promise<SensorNames> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post(`devices/${deviceId}/settings/import/sensor-names/`, {
    body,
    parse: SensorNamesSchema.parse,
  });
}

/** GET devices/{id}/settings/sensor-types (0005 and 0006): BOOL and NUMERIC sensors with unit, k and c. */
export function getSensorTypes(deviceId: number, signal?: AbortSignal): Promise<SensorTypes> {
  return api.get(`devices/${deviceId}/settings/sensor-types`, { parse: SensorTypesSchema.parse, signal });
}

/** POST devices/{id}/settings/sensor-types (201). */
export function saveSensorTypes(deviceId: number, body: SensorTypesSave): Promise<void> {
  return api.post(`devices/${deviceId}/settings/sensor-types`, { body, parse: ignoreBody });
}

/** GET ie-node-units/: the units a sensor type can take. */
export async function listIeNodeUnits(signal?: AbortSignal): Promise<Unit[]> {
  const list = await api.get('ie-node-units/', { parse: UnitsListSchema.parse, signal });
  return list.results;
}

/** GET devices/{id}/settings/sensor-images/: groups of sensors with the image chosen for each. */
export function getSensorImages(deviceId: number, signal?: AbortSignal): Promise<SensorImages> {
  return api.get(`devices/${deviceId}/settings/sensor-images/`, { parse: SensorImagesSchema.parse, signal });
}

/** POST devices/{id}/settings/sensor-images/: null is 'Default image'. */
export function saveSensorImages(deviceId: number, body: SensorImagesSave): Promise<void> {
  return api.post(`devices/${deviceId}/settings/sensor-images/`, { body, parse: ignoreBody });
}

/** GET sensor-image-types/: the images a sensor can show, with their thumbnails. */
export function listSensorImageTypes(signal?: AbortSignal): Promise<SensorImageType[]> {
  return api.get('sensor-image-types/', { parse: SensorImageTypesSchema.parse, signal });
}
