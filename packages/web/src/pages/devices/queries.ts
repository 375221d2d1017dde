import { deviceKeys } from '../../api/devices';

// The dashboard's names for deviceKeys (pages/dashboard moves to deviceKeys later); nothing else uses them.

/** @deprecated Use deviceKeys.all. */
export const DEVICES_QUERY_KEY = deviceKeys.all;

/** @deprecated Use deviceKeys.one. */
export function deviceQueryKey(id: number) {
  return deviceKeys.one(id);
}

/** @deprecated Use deviceKeys.list. */
export function deviceListQueryKey(siteId: number | undefined) {
  return deviceKeys.list(siteId);
}
