import type { Permission } from '@vigil/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { locationMemberships, locations } from '../../db/tables/sites.table';
import { hasValuesToSet } from '../../db/update-values';

/** A membership with the client of its site. */
export type MembershipWithClient = {
  id: number;
  locationId: number;
  userId: number;
  hasAccess: boolean;
  permission: Permission;
  clientId: number;
};

const membershipColumns = {
  id: locationMemberships.id,
  locationId: locationMemberships.locationId,
  userId: locationMemberships.userId,
  hasAccess: locationMemberships.hasAccess,
  permission: locationMemberships.permission,
  clientId: locations.clientId,
};

export async function getMembershipById(db: Database, id: number): Promise<MembershipWithClient | undefined> {
  const [row] = await db
    .select(membershipColumns)
    .from(locationMemberships)
    .innerJoin(locations, eq(locations.id, locationMemberships.locationId))
    .where(eq(locationMemberships.id, id))
    .limit(1);
  return row;
}

export async function findMembership(
  db: Database,
  userId: number,
  locationId: number,
): Promise<MembershipWithClient | undefined> {
  const [row] = await db
    .select(membershipColumns)
    .from(locationMemberships)
    .innerJoin(locations, eq(locations.id, locationMemberships.locationId))
    .where(and(eq(locationMemberships.userId, userId), eq(locationMemberships.locationId, locationId)))
    .limit(1);
  return row;
}

/** The user's memberships, at the sites of the given clients only when clientIds is set. */
export async function findMembershipsOfUser(
  db: Database,
  userId: number,
  clientIds?: readonly number[],
): Promise<MembershipWithClient[]> {
  if (clientIds !== undefined && clientIds.length === 0) {
    return [];
  }
  return db
    .select(membershipColumns)
    .from(locationMemberships)
    .innerJoin(locations, eq(locations.id, locationMemberships.locationId))
    .where(
      and(
        eq(locationMemberships.userId, userId),
        clientIds === undefined ? undefined : inArray(locations.clientId, [...clientIds]),
      ),
    )
    .orderBy(locationMemberships.locationId);
}

export async function insertMembership(
  db: Database,
  values: { locationId: number; userId: number; permission: Permission; hasAccess: boolean },
): Promise<number> {
  const [row] = await db.insert(locationMemberships).values(values).returning({ id: locationMemberships.id });
  if (row === undefined) {
    throw new Error('insert into location_memberships returned no row');
  }
  return row.id;
}

export async function updateMembershipById(
  db: Database,
  id: number,
  values: { permission?: Permission; hasAccess?: boolean },
): Promise<void> {
  if (!hasValuesToSet(values)) {
    return;
  }
  await db.update(locationMemberships).set(values).where(eq(locationMemberships.id, id));
}

/** Deletes the user's memberships at every site of the client. */
export async function deleteMembershipsInClient(
  db: Database,
  userId: number,
  clientId: number,
): Promise<void> {
  const siteIds = db.select({ id: locations.id }).from(locations).where(eq(locations.clientId, clientId));
  await db
    .delete(locationMemberships)
    .where(and(eq(locationMemberships.userId, userId), inArray(locationMemberships.locationId, siteIds)));
}

/** Grants a person a membership at a site, or changes the one they have (access on unless told). */
export async function upsertMembership(
  db: Database,
  membership: { locationId: number; userId: number; permission: Permission; hasAccess?: boolean },
): Promise<void> {
  await db
    .insert(locationMemberships)
    .values({ hasAccess: true, ...membership })
    .onConflictDoUpdate({
      target: [locationMemberships.locationId, locationMemberships.userId],
      set: { permission: membership.permission, hasAccess: membership.hasAccess ?? true },
    });
}

/** Whether the user edits (Engineer or Manager with access) at least one site of the client. */
export async function editsAnySiteOfClient(db: Database, userId: number, clientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: locationMemberships.id })
    .from(locationMemberships)
    .innerJoin(locations, eq(locations.id, locationMemberships.locationId))
    .where(
      and(
        eq(locationMemberships.userId, userId),
        eq(locations.clientId, clientId),
        eq(locationMemberships.hasAccess, true),
        inArray(locationMemberships.permission, ['Engineer', 'Manager']),
      ),
    )
    .limit(1);
  return row !== undefined;
}
