import type { SiteDevice } from '@vigil/contracts';
import type { DeviceHealth } from './site-status';
import type { SiteDeviceRow } from './sites.repo';

export type SiteDevices = { devices: SiteDevice[]; health: DeviceHealth[] };

/**
 * The devices of each site (from the rows of findDevicesAtSites) and the state each contributes to the site's
 * status. Alarm and warning states arrive with the ingest pipeline; until then every device counts as ok.
 */
export function devicesOfSites(
  siteIds: readonly number[],
  rows: readonly SiteDeviceRow[],
): Map<number, SiteDevices> {
  const result = new Map<number, SiteDevices>(siteIds.map((id) => [id, { devices: [], health: [] }]));
  for (const row of rows) {
    const entry = result.get(row.locationId);
    entry?.devices.push({
      id: row.id,
      title: row.title,
      udf_id: row.udfId,
      device_type: row.deviceType,
      is_online: row.isOnline,
      is_suspended: row.isSuspended,
    });
    entry?.health.push('ok');
  }
  return result;
}
