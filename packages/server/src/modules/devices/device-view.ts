import type { Device } from '@vigil/contracts';
import { isRecordedVisible } from '../../access/device-history';
import type { DeviceRow } from '../../db/tables/devices.table';

/**
 * A devices row as the API answers it (wire-formats.md 'Device', plus can_edit); the code only to editors.
 * `visibleSince` (access/device-history.ts): a device last heard from before it came to the reader's client
 * reads as one that has not reported yet (last_seen_at null), since that report was the previous owner's.
 */
export function toDeviceJson(row: DeviceRow, canEdit: boolean, visibleSince?: Date): Device {
  const lastSeenAt =
    row.lastSeenAt !== null && isRecordedVisible(row.lastSeenAt, visibleSince) ? row.lastSeenAt : null;
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
    last_seen_at: lastSeenAt?.toISOString() ?? null,
    date_created: row.dateCreated.toISOString(),
    can_edit: canEdit,
  };
}
