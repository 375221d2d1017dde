import type { Device } from '@vigil/contracts';
import type { DeviceRow } from './devices.table';

/** A devices row as the API answers it (wire-formats.md 'Device', plus can_edit); the code only to editors. */
export function toDeviceJson(row: DeviceRow, canEdit: boolean): Device {
  return {
    id: row.id,
    title: row.title,
    udf_id: row.udfId,
    serial_number: row.serialNumber,
    code: canEdit ? row.code : '',
    device_type: row.deviceType,
    ip_address: row.ipAddress,
    location: row.locationId,
    is_online: row.isOnline,
    is_suspended: row.isSuspended,
    is_emulated_as: row.isEmulatedAs,
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
    date_created: row.dateCreated.toISOString(),
    can_edit: canEdit,
  };
}
