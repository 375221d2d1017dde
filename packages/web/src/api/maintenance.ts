import {
  type MaintenanceInfo,
  MaintenanceInfoSchema,
  type MaintenanceRecord,
  MaintenanceRecordSchema,
  type MaintenanceStep,
} from '@vigil/contracts';
import { api } from './client';

/** GET devices/{id}/get-maintenance-info/: every sensor by leaf Id, null unless under test. */
export function getMaintenanceInfo(deviceId: number, signal?: AbortSignal): Promise<MaintenanceInfo> {
  return api.get(`devices/${deviceId}/get-maintenance-info/`, { parse: MaintenanceInfoSchema.parse, signal });
}

/** POST devices/{id}/maintenance/ (200): starts, cancels or closes a test; a 400 carries the server's reason. */
export function postMaintenanceStep(deviceId: number, step: MaintenanceStep): Promise<MaintenanceRecord> {
  return api.post(`devices/${deviceId}/maintenance/`, {
    body: { ...step, device_id: deviceId },
    parse: MaintenanceRecordSchema.parse,
  });
}
