import type { DeviceType, Permission } from '@vigil/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { clients } from '../clients/clients.table';
import { devices } from '../devices/devices.table';
import { locationMemberships, locations } from '../sites/sites.table';
import { users } from '../users/users.table';

/** What me/ adds to the signed-in user: the titles of the current selection and the site roles. */
export type MeExtras = {
  client: { id: number; company: string } | null;
  location: { id: number; title: string } | null;
  device: { id: number; title: string; udfId: string; deviceType: DeviceType } | null;
  siteRoles: Array<{ locationId: number; permission: Permission }>;
};

const siteRoles = sql<Array<{ locationId: number; permission: Permission }>>`coalesce((
  select json_agg(json_build_object('locationId', ${locationMemberships.locationId}, 'permission', ${locationMemberships.permission}))
  from ${locationMemberships}
  where ${and(eq(locationMemberships.userId, users.id), eq(locationMemberships.hasAccess, true))}
), '[]'::json)`;

// me/ is called on every page load: one statement, built and planned once.
const meExtras = preparedPerDatabase((db) =>
  db
    .select({
      // Drizzle gives null for a left-joined object whose columns are all null: nothing selected.
      client: { id: clients.id, company: clients.company },
      location: { id: locations.id, title: locations.title },
      device: { id: devices.id, title: devices.title, udfId: devices.udfId, deviceType: devices.deviceType },
      siteRoles,
    })
    .from(users)
    .leftJoin(clients, eq(clients.id, users.currentClientId))
    .leftJoin(locations, eq(locations.id, users.currentLocationId))
    .leftJoin(devices, eq(devices.id, users.currentDeviceId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('find_me_extras'),
);

/** The me/ extras of a user in one round trip; undefined when the user no longer exists. */
export async function findMeExtras(db: Database, userId: number): Promise<MeExtras | undefined> {
  const [row] = await meExtras(db).execute({ userId });
  return row;
}
