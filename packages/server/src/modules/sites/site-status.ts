import type { SiteStatus } from '@vigil/contracts';

/** The state a device contributes to its site's card; devices arrive with step 3. */
export type DeviceHealth = 'alarm' | 'warning' | 'ok';

/** Card status of A section 4: suspended wins, then any device in alarm, then any in warning. */
export function siteStatus(isSuspended: boolean, devices: readonly DeviceHealth[] = []): SiteStatus {
  if (isSuspended) {
    return 'suspended';
  }
  if (devices.includes('alarm')) {
    return 'alarm';
  }
  if (devices.includes('warning')) {
    return 'warning';
  }
  return 'ok';
}
