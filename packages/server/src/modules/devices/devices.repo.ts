import type { DeviceType, Permission } from '@vigil/contracts';
import { and, asc, eq, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type DeviceRow, devices, type NewDeviceRow } from '../../db/tables/devices.table';
import { locationMemberships, locations } from '../../db/tables/sites.table';
import { hasValuesToSet } from '../../db/update-values';

export type DeviceListFilter = {
  /** Only devices of these sites. */
  locationIds?: number[];
  /** Only devices the user may see: their sites with access, or every site of the managed clients. */
  visibleTo?: { userId: number; managedClientIds: number[] };
  deviceType?: DeviceType;
  isOnline?: boolean;
  isSuspended?: boolean;
  search?: string;
  limit: number;
  offset: number;
};

/** A device with its site's client and the listing user's permission at the site (null without one). */
export type DeviceWithAccess = DeviceRow & { clientId: number; permission: Permission | null };

function searchWhere(search: string | undefined): SQL | undefined {
  if (search === undefined || search === '') {
    return undefined;
  }
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    ilike(devices.title, pattern),
    ilike(devices.serialNumber, pattern),
    ilike(devices.udfId, pattern),
  );
}

function visibleWhere(visibleTo: DeviceListFilter['visibleTo']): SQL | undefined {
  if (visibleTo === undefined) {
    return undefined;
  }
  const member = eq(locationMemberships.hasAccess, true);
  return visibleTo.managedClientIds.length === 0
    ? member
    : or(member, inArray(locations.clientId, visibleTo.managedClientIds));
}

function listWhere(filter: DeviceListFilter): SQL | undefined {
  return and(
    filter.locationIds === undefined ? undefined : inArray(devices.locationId, filter.locationIds),
    visibleWhere(filter.visibleTo),
    filter.deviceType === undefined ? undefined : eq(devices.deviceType, filter.deviceType),
    filter.isOnline === undefined ? undefined : eq(devices.isOnline, filter.isOnline),
    filter.isSuspended === undefined ? undefined : eq(devices.isSuspended, filter.isSuspended),
    searchWhere(filter.search),
  );
}

/** One page of devices (by title) with the given user's permission at each site, and the total count. */
export async function findDevices(
  db: Database,
  userId: number,
  filter: DeviceListFilter,
): Promise<{ count: number; rows: DeviceWithAccess[] }> {
  const membershipJoin = and(
    eq(locationMemberships.locationId, devices.locationId),
    eq(locationMemberships.userId, userId),
  );
  const where = listWhere(filter);
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(devices)
    .innerJoin(locations, eq(locations.id, devices.locationId))
    .leftJoin(locationMemberships, membershipJoin)
    .where(where);
  const rows = await db
    .select({ device: devices, clientId: locations.clientId, permission: locationMemberships.permission })
    .from(devices)
    .innerJoin(locations, eq(locations.id, devices.locationId))
    .leftJoin(locationMemberships, membershipJoin)
    .where(where)
    .orderBy(asc(sql`lower(${devices.title})`), asc(devices.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return {
    count: total?.count ?? 0,
    rows: rows.map((row) => ({ ...row.device, clientId: row.clientId, permission: row.permission })),
  };
}

export async function getDeviceById(db: Database, id: number): Promise<DeviceRow | undefined> {
  const [row] = await db.select().from(devices).where(eq(devices.id, id)).limit(1);
  return row;
}

/** The devices of these sites, by title. */
export async function findDevicesByLocationIds(
  db: Database,
  locationIds: readonly number[],
): Promise<DeviceRow[]> {
  if (locationIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(devices)
    .where(inArray(devices.locationId, [...locationIds]))
    .orderBy(asc(sql`lower(${devices.title})`), asc(devices.id));
}

export async function insertDevice(db: Database, values: NewDeviceRow): Promise<DeviceRow> {
  const [row] = await db.insert(devices).values(values).returning();
  if (row === undefined) {
    throw new Error('insert into devices returned no row');
  }
  return row;
}

export async function updateDevice(
  db: Database,
  id: number,
  values: Partial<NewDeviceRow>,
): Promise<DeviceRow | undefined> {
  if (!hasValuesToSet(values)) {
    return getDeviceById(db, id);
  }
  const [row] = await db.update(devices).set(values).where(eq(devices.id, id)).returning();
  return row;
}

export async function toggleDeviceSuspended(db: Database, id: number): Promise<DeviceRow | undefined> {
  const [row] = await db
    .update(devices)
    .set({ isSuspended: sql`not ${devices.isSuspended}` })
    .where(eq(devices.id, id))
    .returning();
  return row;
}

export async function deleteDevice(db: Database, id: number): Promise<void> {
  await db.delete(devices).where(eq(devices.id, id));
}

/** A device as the telemetry ingest sees it: identity, credentials, site and client (ingest/device-directory). */
export type IngestDeviceRow = Pick<
  DeviceRow,
  'id' | 'udfId' | 'serialNumber' | 'code' | 'locationId' | 'isSuspended'
> & { clientId: number; isSiteSuspended: boolean };

async function findIngestDevice(db: Database, where: SQL): Promise<IngestDeviceRow | undefined> {
  const [row] = await db
    .select({
      id: devices.id,
      udfId: devices.udfId,
      serialNumber: devices.serialNumber,
      code: devices.code,
      locationId: devices.locationId,
      isSuspended: devices.isSuspended,
      clientId: locations.clientId,
      isSiteSuspended: locations.isSuspended,
    })
    .from(devices)
    .innerJoin(locations, eq(locations.id, devices.locationId))
    .where(where)
    .limit(1);
  return row;
}

export function findIngestDeviceBySerial(db: Database, serialNumber: string) {
  return findIngestDevice(db, eq(devices.serialNumber, serialNumber));
}

export function findIngestDeviceByUdfId(db: Database, udfId: string) {
  return findIngestDevice(db, eq(devices.udfId, udfId));
}

/** Which of `ids` are devices still (not deleted). */
export async function findExistingDeviceIds(db: Database, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(inArray(devices.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/**
 * Marks devices online, each as last seen at its time in `seen`, in one statement (ingest write batches). Returns the ids it
 * marked — a device suspended (or deleted) by any instance since its data arrived is left out, so its data
 * is refused at commit — and those of them that were offline until now.
 */
export async function markDevicesSeen(
  db: Database,
  seen: ReadonlyMap<number, Date>,
): Promise<{ accepted: Set<number>; cameOnline: Set<number>; seenBefore: Map<number, Date | null> }> {
  if (seen.size === 0) {
    return { accepted: new Set(), cameOnline: new Set(), seenBefore: new Map() };
  }
  // Our own numbers and ISO texts (toISOString), never input: safe to inline.
  const values = [...seen].map(([id, at]) => `(${Number(id)}, '${at.toISOString()}'::timestamptz)`).join(',');
  const ids = [...seen.keys()].map(Number).join(',');
  // The sub-select reads is_online and last_seen_at before the update: the devices that were offline, and
  // when each was last heard from (exact-edges.ts: a tree received before that is late). last_seen_at
  // never goes back when two instances race.
  const result = (await db.execute(sql`
    update devices d set is_online = true, last_seen_at = greatest(before.last_seen_at, v.at)
    from (select id, is_online, last_seen_at from devices where id in ${sql.raw(`(${ids})`)} order by id for update) before
    join (values ${sql.raw(values)}) as v(id, at) on v.id = before.id
    where d.id = before.id and d.is_suspended = false
    returning d.id as id, before.is_online as was_online, before.last_seen_at as seen_before`)) as unknown as {
    rows: Array<{ id: number; was_online: boolean; seen_before: Date | string | null }>;
  };
  return {
    accepted: new Set(result.rows.map((row) => row.id)),
    cameOnline: new Set(result.rows.filter((row) => !row.was_online).map((row) => row.id)),
    seenBefore: new Map(
      result.rows.map((row) => [row.id, row.seen_before === null ? null : new Date(row.seen_before)]),
    ),
  };
}

/**
 * Marks online devices silent since `cutoff` offline; returns them. The rows are locked in id order, like
 * markDevicesSeen does, so a sweep and an ingest batch never deadlock; a device another sweep (or a batch)
 * changed meanwhile is re-checked and left out, so each device goes offline once.
 */
export async function markSilentDevicesOffline(
  db: Database,
  cutoff: Date,
): Promise<Array<{ id: number; udfId: string; lastSeenAt: Date | null }>> {
  const silent = db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.isOnline, true), or(isNull(devices.lastSeenAt), lt(devices.lastSeenAt, cutoff))))
    .orderBy(asc(devices.id))
    .for('update');
  return db
    .update(devices)
    .set({ isOnline: false })
    .where(inArray(devices.id, silent))
    .returning({ id: devices.id, udfId: devices.udfId, lastSeenAt: devices.lastSeenAt });
}
