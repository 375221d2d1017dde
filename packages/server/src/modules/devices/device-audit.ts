import type { DeviceRow } from '../../db/tables/devices.table';

/** A device as the audit trail shows it (docs/audit.md); its access code is a secret and never listed. */
export function deviceAuditValues(row: DeviceRow): Record<string, unknown> {
  return {
    title: row.title,
    site_id: row.locationId,
    serial_number: row.serialNumber,
    device_type: row.deviceType,
    udf_id: row.udfId,
    ip_address: row.ipAddress,
    is_suspended: row.isSuspended,
    is_emulated_as: row.isEmulatedAs,
  };
}
