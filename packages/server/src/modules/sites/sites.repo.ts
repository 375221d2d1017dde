import type { DeviceType, Permission, SiteOrdering } from '@vigil/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { devices } from '../../db/tables/devices.table';
import {
  type LocationRow,
  locationMemberships,
  locations,
  type NewLocationRow,
} from '../../db/tables/sites.table';
import { hasValuesToSet } from '../../db/update-values';

export async function getLocationById(db: Database, id: number): Promise<LocationRow | undefined> {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
  return row;
}

export async function insertLocation(db: Database, values: NewLocationRow): Promise<LocationRow> {
  const [row] = await db.insert(locations).values(values).returning();
  if (row === undefined) {
    throw new Error('insert into locations returned no row');
  }
  return row;
}

export type SiteRole = { locationId: number; permission: Permission };

/** The sites a user has access to, with the permission held at each. */
export async function findSiteRolesOfUser(db: Database, userId: number): Promise<SiteRole[]> {
  return db
    .select({ locationId: locationMemberships.locationId, permission: locationMemberships.permission })
    .from(locationMemberships)
    .where(and(eq(locationMemberships.userId, userId), eq(locationMemberships.hasAccess, true)));
}

export type SiteListFilter = {
  clientId: number;
  /** Only sites where this user's membership has access; undefined lists every site of the client. */
  memberUserId?: number;
  isActive?: boolean;
  ordering?: SiteOrdering;
  limit: number;
  offset: number;
};

/** A site with the listing user's permission there (null without an accessible membership). */
export type LocationWithPermission = LocationRow & { permission: Permission | null };

function siteListWhere(filter: SiteListFilter): SQL | undefined {
  return and(
    eq(locations.clientId, filter.clientId),
    filter.isActive === undefined ? undefined : eq(locations.isActive, filter.isActive),
    filter.memberUserId === undefined ? undefined : eq(locationMemberships.hasAccess, true),
  );
}

function siteOrder(ordering: SiteOrdering | undefined): SQL[] {
  switch (ordering) {
    case 'title':
      return [asc(sql`lower(${locations.title})`), asc(locations.id)];
    case '-title':
      return [desc(sql`lower(${locations.title})`), desc(locations.id)];
    case 'date_created':
      return [asc(locations.dateCreated), asc(locations.id)];
    case '-date_created':
      return [desc(locations.dateCreated), desc(locations.id)];
    case '-id':
      return [desc(locations.id)];
    default:
      return [asc(locations.id)];
  }
}

/** One page of a client's sites (all, or those a member may see) and the total count. */
export async function findSitesOfClient(
  db: Database,
  filter: SiteListFilter,
): Promise<{ count: number; rows: LocationWithPermission[] }> {
  const userId = filter.memberUserId ?? 0;
  const membershipJoin = and(
    eq(locationMemberships.locationId, locations.id),
    eq(locationMemberships.userId, userId),
  );
  const where = siteListWhere(filter);
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(locations)
    .leftJoin(locationMemberships, membershipJoin)
    .where(where);
  const rows = await db
    .select({ location: locations, permission: locationMemberships.permission })
    .from(locations)
    .leftJoin(locationMemberships, membershipJoin)
    .where(where)
    .orderBy(...siteOrder(filter.ordering))
    .limit(filter.limit)
    .offset(filter.offset);
  return {
    count: total?.count ?? 0,
    rows: rows.map((row) => ({ ...row.location, permission: row.permission })),
  };
}

export async function updateLocation(
  db: Database,
  id: number,
  values: Partial<NewLocationRow>,
): Promise<LocationRow | undefined> {
  if (!hasValuesToSet(values)) {
    return getLocationById(db, id);
  }
  const [row] = await db.update(locations).set(values).where(eq(locations.id, id)).returning();
  return row;
}

export async function toggleLocationSuspended(db: Database, id: number): Promise<LocationRow | undefined> {
  const [row] = await db
    .update(locations)
    .set({ isSuspended: sql`not ${locations.isSuspended}` })
    .where(eq(locations.id, id))
    .returning();
  return row;
}

export async function deleteLocation(db: Database, id: number): Promise<void> {
  await db.delete(locations).where(eq(locations.id, id));
}

export async function findLocationsByIds(db: Database, ids: number[]): Promise<LocationRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return db.select().from(locations).where(inArray(locations.id, ids));
}

/** What a site's answer shows of each of its devices. */
export type SiteDeviceRow = {
  id: number;
  locationId: number;
  title: string;
  udfId: string;
  deviceType: DeviceType;
  isOnline: boolean;
  isSuspended: boolean;
};

/**
 * The devices at the sites, by title then id. Read here rather than through the devices domain, which reads
 * sites: the site's own answer lists them (as me.repo reads the current device).
 */
export async function findDevicesAtSites(db: Database, siteIds: readonly number[]): Promise<SiteDeviceRow[]> {
  if (siteIds.length === 0) {
    return [];
  }
  return db
    .select({
      id: devices.id,
      locationId: devices.locationId,
      title: devices.title,
      udfId: devices.udfId,
      deviceType: devices.deviceType,
      isOnline: devices.isOnline,
      isSuspended: devices.isSuspended,
    })
    .from(devices)
    .where(inArray(devices.locationId, [...siteIds]))
    .orderBy(asc(sql`lower(${devices.title})`), asc(devices.id));
}
