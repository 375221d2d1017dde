import type { Permission } from '@vigil/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type LocationRow, locationMemberships, locations, type NewLocationRow } from './sites.table';

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
