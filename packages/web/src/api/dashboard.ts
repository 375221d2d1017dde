import { type StateTree, StateTreeSchema } from '@vigil/contracts';
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
