import { DEVICES_LIST_LIMIT, type Device, type DeviceType, type Permission } from '@vigil/contracts';
import { getSiteAccess, isStaffUser, managedClientIds } from '../../access/access';
import { historyVisibleSinceOf } from '../../access/device-history';
import type { Database } from '../../db/database';
import type { Page } from '../../db/page';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import { toDeviceJson } from './device-view';
import { findDevices } from './devices.repo';

export type DeviceListOptions = {
  location?: number;
  deviceType?: DeviceType;
  isOnline?: boolean;
  isSuspended?: boolean;
  search?: string;
};

type DevicePage = { count: number; results: Device[] };

const EMPTY: DevicePage = { count: 0, results: [] };

function filtersOf(options: DeviceListOptions) {
  return {
    deviceType: options.deviceType,
    isOnline: options.isOnline,
    isSuspended: options.isSuspended,
    search: options.search,
  };
}

/** The site to list: the one asked for (404 when not visible), else the current one while still visible. */
async function siteToList(db: Database, user: UserRow, location: number | undefined) {
  if (location !== undefined) {
    return { siteId: location, access: await getSiteAccess(db, user, location) };
  }
  if (user.currentLocationId === null) {
    return undefined;
  }
  try {
    return { siteId: user.currentLocationId, access: await getSiteAccess(db, user, user.currentLocationId) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      return undefined;
    }
    throw error;
  }
}

/** GET devices/: the devices of the current site (or of `location`), one page. */
export async function listSiteDevices(
  db: Database,
  user: UserRow,
  options: DeviceListOptions,
  page: Page = { limit: DEVICES_LIST_LIMIT, offset: 0 },
): Promise<DevicePage> {
  const site = await siteToList(db, user, options.location);
  if (site === undefined) {
    return EMPTY;
  }
  const { count, rows } = await findDevices(db, user.id, {
    locationIds: [site.siteId],
    ...filtersOf(options),
    ...page,
  });
  const since = await historyVisibleSinceOf(
    db,
    user,
    rows.map((row) => row.id),
  );
  return { count, results: rows.map((row) => toDeviceJson(row, site.access.canEdit, since.get(row.id))) };
}

function editsWith(permission: Permission | null): boolean {
  return permission === 'Engineer' || permission === 'Manager';
}

/** GET devices/all/: every device the user may see (staff: all), one page. */
export async function listAllDevices(
  db: Database,
  user: UserRow,
  options: DeviceListOptions,
  page: Page = { limit: DEVICES_LIST_LIMIT, offset: 0 },
): Promise<DevicePage> {
  const managed = await managedClientIds(db, user);
  const { count, rows } = await findDevices(db, user.id, {
    locationIds: options.location === undefined ? undefined : [options.location],
    visibleTo: isStaffUser(user) ? undefined : { userId: user.id, managedClientIds: managed ?? [] },
    ...filtersOf(options),
    ...page,
  });
  const canEdit = (clientId: number, permission: Permission | null) =>
    managed === undefined || managed.includes(clientId) || editsWith(permission);
  const since = await historyVisibleSinceOf(
    db,
    user,
    rows.map((row) => row.id),
  );
  return {
    count,
    results: rows.map((row) => toDeviceJson(row, canEdit(row.clientId, row.permission), since.get(row.id))),
  };
}
