import {
  type SensorDisplaySettings,
  SensorDisplaySettingsSchema,
  type StateTree,
  StateTreeSchema,
} from '@vigil/contracts';
import { api, ignoreBody } from './client';

/** GET devices/{id}/historical/records/{recordId}/: the state tree stored with a record (the snapshot). */
export function getHistoricalTree(
  deviceId: number,
  recordId: number,
  signal?: AbortSignal,
): Promise<StateTree> {
  return api.get(`devices/${deviceId}/historical/records/${recordId}/`, {
    parse: StateTreeSchema.parse,
    signal,
  });
}

/** POST devices/{id}/fix-notifications/ (super user): clears the device's stuck notifications. */
export function fixNotifications(deviceId: number): Promise<void> {
  return api.post(`devices/${deviceId}/fix-notifications/`, {
    body: { device_id: deviceId },
    parse: ignoreBody,
  });
}

/** GET devices/{id}/settings/display/: custom names, images, types (k, c) and degrees of a device in one answer. */
export function getSensorDisplaySettings(
  deviceId: number,
  signal?: AbortSignal,
): Promise<SensorDisplaySettings> {
  return api.get(`devices/${deviceId}/settings/display/`, {
    parse: SensorDisplaySettingsSchema.parse,
    signal,
  });
}
