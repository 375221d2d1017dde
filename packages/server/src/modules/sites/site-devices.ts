import type { SiteDevice } from '@vigil/contracts';
import type { Database } from '../../db/database';
import type { DeviceHealth } from './site-status';

export type SiteDevices = { devices: SiteDevice[]; health: DeviceHealth[] };

const NONE: SiteDevices = { devices: [], health: [] };

/**
 * The devices of each site and the state each contributes to the site's status. Devices arrive with
 * step 3, which fills this in; until then every site has none.
 */
export async function findDevicesOfSites(
  _db: Database,
  siteIds: readonly number[],
): Promise<Map<number, SiteDevices>> {
  return new Map(siteIds.map((id) => [id, NONE]));
}
