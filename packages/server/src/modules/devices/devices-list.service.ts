import { DEVICES_LIST_LIMIT, type Device, type DeviceType, type Permission } from '@vigil/contracts';
import { getSiteAccess, isStaffUser, managedClientIds } from '../../access/access';
import { historyVisibleSinceOf } from '../../access/device-history';
import type { Database } from '../../db/database';
import type { Page } from '../../db/page';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import { toDeviceJson } from './device-view';
import * as devicesRepo from './devices.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { devices: devicesRepo };
export type DeviceListRepositories = typeof REPOSITORIES;
export type DeviceListDeps = { db: Database; repos?: DeviceListRepositories };

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

function editsWith(permission: Permission | null): boolean {
  return permission === 'Engineer' || permission === 'Manager';
}

/** The device lists: the current site's (devices/) and every visible one (devices/all/). */
export class DeviceListService {
  private readonly repos: DeviceListRepositories;

  constructor(private readonly deps: DeviceListDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET devices/: the devices of the current site (or of `location`), one page. */
  async listSite(
    user: UserRow,
    options: DeviceListOptions,
    page: Page = { limit: DEVICES_LIST_LIMIT, offset: 0 },
  ): Promise<DevicePage> {
    const { db } = this.deps;
    const site = await this.siteToList(user, options.location);
    if (site === undefined) {
      return EMPTY;
    }
    const { count, rows } = await this.repos.devices.findDevices(db, user.id, {
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

  /** GET devices/all/: every device the user may see (staff: all), one page. */
  async listAll(
    user: UserRow,
    options: DeviceListOptions,
    page: Page = { limit: DEVICES_LIST_LIMIT, offset: 0 },
  ): Promise<DevicePage> {
    const { db } = this.deps;
    const managed = await managedClientIds(db, user);
    const { count, rows } = await this.repos.devices.findDevices(db, user.id, {
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

  /** The site to list: the one asked for (404 when not visible), else the current one while still visible. */
  private async siteToList(user: UserRow, location: number | undefined) {
    const { db } = this.deps;
    if (location !== undefined) {
      return { siteId: location, access: await getSiteAccess(db, user, location) };
    }
    if (user.currentLocationId === null) {
      return undefined;
    }
    try {
      return {
        siteId: user.currentLocationId,
        access: await getSiteAccess(db, user, user.currentLocationId),
      };
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') {
        return undefined;
      }
      throw error;
    }
  }
}
