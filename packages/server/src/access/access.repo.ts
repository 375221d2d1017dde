import type { Permission } from '@vigil/contracts';
import { and, eq, inArray, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { clientUsers } from '../db/tables/clients.table';
import { deviceOwnerships } from '../db/tables/device-ownerships.table';
import { locationMemberships, locations } from '../db/tables/sites.table';

export async function findClientIdsOfUser(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ clientId: clientUsers.clientId })
    .from(clientUsers)
    .where(eq(clientUsers.userId, userId));
  return rows.map((row) => row.clientId);
}

/** The client ids of each of the users. */
export async function findClientIdsOfUsers(
  db: Database,
  userIds: readonly number[],
): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) {
    return result;
  }
  const rows = await db
    .select({ userId: clientUsers.userId, clientId: clientUsers.clientId })
    .from(clientUsers)
    .where(inArray(clientUsers.userId, [...userIds]));
  for (const row of rows) {
    result.get(row.userId)?.push(row.clientId);
  }
  return result;
}

/** Clients where the user is accounts management (the per-client flag of client_users). */
export async function findAdministeredClientIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ clientId: clientUsers.clientId })
    .from(clientUsers)
    .where(and(eq(clientUsers.userId, userId), eq(clientUsers.isAccountsManagement, true)));
  return rows.map((row) => row.clientId);
}

export async function isClientAdministrator(
  db: Database,
  userId: number,
  clientId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ clientId: clientUsers.clientId })
    .from(clientUsers)
    .where(
      and(
        eq(clientUsers.userId, userId),
        eq(clientUsers.clientId, clientId),
        eq(clientUsers.isAccountsManagement, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function isUserInClient(db: Database, userId: number, clientId: number): Promise<boolean> {
  const [row] = await db
    .select({ clientId: clientUsers.clientId })
    .from(clientUsers)
    .where(and(eq(clientUsers.userId, userId), eq(clientUsers.clientId, clientId)))
    .limit(1);
  return row !== undefined;
}

/** The client the site belongs to; undefined for an unknown site. */
export async function findClientIdOfSite(db: Database, siteId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ clientId: locations.clientId })
    .from(locations)
    .where(eq(locations.id, siteId))
    .limit(1);
  return row?.clientId;
}

export type SiteMembership = { clientId: number; permission: Permission | null };

/** The site's client and the user's permission there (null without an accessible membership). */
export async function findSiteMembership(
  db: Database,
  userId: number,
  siteId: number,
): Promise<SiteMembership | undefined> {
  const [row] = await db
    .select({
      clientId: locations.clientId,
      permission: locationMemberships.permission,
      hasAccess: locationMemberships.hasAccess,
    })
    .from(locations)
    .leftJoin(
      locationMemberships,
      and(eq(locationMemberships.locationId, locations.id), eq(locationMemberships.userId, userId)),
    )
    .where(eq(locations.id, siteId))
    .limit(1);
  if (row === undefined) {
    return undefined;
  }
  return { clientId: row.clientId, permission: row.hasAccess === true ? row.permission : null };
}

/**
 * Sites the user sees without being staff: every site of the clients they administer (`managedClientIds`) and
 * the sites where their membership has access.
 */
export async function findVisibleSiteIds(
  db: Database,
  userId: number,
  managedClientIds: readonly number[],
): Promise<number[]> {
  const member = sql`exists (select 1 from ${locationMemberships} where ${locationMemberships.locationId} = ${locations.id}
    and ${locationMemberships.userId} = ${userId} and ${locationMemberships.hasAccess})`;
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(
      managedClientIds.length === 0 ? member : or(inArray(locations.clientId, [...managedClientIds]), member),
    );
  return rows.map((row) => row.id);
}

/**
 * When the device came to its current client (the open ownership period); undefined when none is recorded, or
 * when `clientId` is given and the device is no longer that client's.
 */
export async function findOwnedSince(
  db: Database,
  deviceId: number,
  clientId?: number,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ since: deviceOwnerships.since })
    .from(deviceOwnerships)
    .where(
      and(
        eq(deviceOwnerships.deviceId, deviceId),
        isNull(deviceOwnerships.until),
        clientId === undefined ? undefined : eq(deviceOwnerships.clientId, clientId),
      ),
    )
    .limit(1);
  return row?.since;
}

/** When each of the devices came to its current client; devices without a recorded period are left out. */
export async function findOwnedSinceOf(
  db: Database,
  deviceIds: readonly number[],
): Promise<Map<number, Date>> {
  if (deviceIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ deviceId: deviceOwnerships.deviceId, since: deviceOwnerships.since })
    .from(deviceOwnerships)
    .where(and(inArray(deviceOwnerships.deviceId, [...deviceIds]), isNull(deviceOwnerships.until)));
  return new Map(rows.map((row) => [row.deviceId, row.since]));
}

/**
 * SQL true for a row of device `deviceId` recorded at `ts` while the device belonged to its current client
 * (every row when no period is recorded): the many-device form of historyVisibleSince. With `siteId`, the row's
 * site: only a row at a site of the device's current client is bound, so an earlier client keeps the rows its
 * own sites recorded while the device was its.
 */
export function recordedWhileOwnedSql(deviceId: SQLWrapper, ts: SQLWrapper, siteId?: SQLWrapper): SQL {
  const sameClient =
    siteId === undefined
      ? sql``
      : sql` and o.client_id = (select l.client_id from locations l where l.id = ${siteId})`;
  return sql`${ts} >= coalesce((select o.since from device_ownerships o where o.device_id = ${deviceId} and o.until is null${sameClient}), '-infinity'::timestamptz)`;
}
