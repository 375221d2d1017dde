import {
  type Device,
  type DeviceType,
  IP_ADDRESS_DEVICE_TYPES,
  isStaff,
  type Me,
  UDF_ID_DEVICE_TYPES,
} from '@vigil/contracts';

type RoleUser = Pick<Me, 'is_superuser' | 'is_oem' | 'is_accounts_management' | 'locations_roles'>;

/**
 * A section 6 'Add device: manager or account manager' (staff too); Manager of the given site.
 * Never without a site: the new device's location is the shown site.
 */
export function canAddDevice(user: RoleUser, siteId: number | undefined): boolean {
  if (siteId === undefined) {
    return false;
  }
  if (isStaff(user) || user.is_accounts_management) {
    return true;
  }
  return user.locations_roles[String(siteId)] === 'Manager';
}

export type DeviceState = 'Active' | 'Suspended' | 'Offline';

/** The card state of A section 2: suspended wins, then online (Active), else Offline. */
export function deviceState(device: Pick<Device, 'is_online' | 'is_suspended'>): DeviceState {
  if (device.is_suspended) {
    return 'Suspended';
  }
  return device.is_online ? 'Active' : 'Offline';
}

/** Opening an offline or suspended device works only for OEM and super user (A section 2). */
export function canOpenDevice(user: Pick<Me, 'is_superuser' | 'is_oem'>, device: Device): boolean {
  return deviceState(device) === 'Active' || isStaff(user);
}

/** udf_id is shown only for WDC4, ETH-NODE-1, ETH-NODE-2 and F500 UDF (A section 5). */
export function showsUdfId(type: DeviceType | undefined): boolean {
  return type !== undefined && UDF_ID_DEVICE_TYPES.includes(type);
}

/** The UDF id a device card shows: only for the types whose form has the field (A section 5), else null. */
export function cardUdfId(device: Pick<Device, 'device_type' | 'udf_id'>): string | null {
  if (!showsUdfId(device.device_type) || device.udf_id === '') {
    return null;
  }
  return device.udf_id;
}

/** ip_address is shown only for F500 and F500 UDF (A section 5). */
export function showsIpAddress(type: DeviceType | undefined): boolean {
  return type !== undefined && IP_ADDRESS_DEVICE_TYPES.includes(type);
}
