import type { DeviceType, Permission } from '@vigil/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { LiveSession } from '../../access/authentication';
import {
  areLiveSessions,
  liveSessionColumns,
  sessionIdsToRead,
  toLiveSession,
} from '../../access/live-sessions.repo';
import type { Database } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { clients } from '../../db/tables/clients.table';
import { devices } from '../../db/tables/devices.table';
import { sessions } from '../../db/tables/sessions.table';
import { locationMemberships, locations } from '../../db/tables/sites.table';
import { users } from '../../db/tables/users.table';

/** What me/ adds to the signed-in user: the titles of the current selection and the site roles. */
export type MeExtras = {
  client: { id: number; company: string } | null;
  location: { id: number; title: string; timezone: string } | null;
  device: { id: number; title: string; udfId: string; deviceType: DeviceType } | null;
  siteRoles: Array<{ locationId: number; permission: Permission }>;
};

const siteRoles = sql<MeExtras['siteRoles']>`coalesce((
  select json_agg(json_build_object('locationId', ${locationMemberships.locationId}, 'permission', ${locationMemberships.permission}))
  from ${locationMemberships}
  where ${and(eq(locationMemberships.userId, users.id), eq(locationMemberships.hasAccess, true))}
), '[]'::json)`;

// me/ is called on every page load: the session lookup and the answer's extras in one statement, built and
// planned once, for all the me/ requests that wait at the time (the authenticator's coalesced lookup, accounts.routes.ts).
const liveSessionsWithMe = preparedPerDatabase((db) =>
  db
    .select({
      ...liveSessionColumns(db),
      // Drizzle gives null for a left-joined object whose columns are all null: nothing selected.
      client: { id: clients.id, company: clients.company },
      location: { id: locations.id, title: locations.title, timezone: locations.timezone },
      device: { id: devices.id, title: devices.title, udfId: devices.udfId, deviceType: devices.deviceType },
      siteRoles,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(clients, eq(clients.id, users.currentClientId))
    .leftJoin(locations, eq(locations.id, users.currentLocationId))
    .leftJoin(devices, eq(devices.id, users.currentDeviceId))
    .where(areLiveSessions())
    .prepare('find_live_sessions_with_me'),
);

export type LiveSessionWithMe = LiveSession & { me: MeExtras };

/** findLiveSessionsWithUser and the me/ extras of each session's user, in one round trip. */
export async function findLiveSessionsWithMe(
  db: Database,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, LiveSessionWithMe>> {
  const rows = await liveSessionsWithMe(db).execute({ ids: sessionIdsToRead(ids), now: now.toISOString() });
  return new Map(
    rows.map((row) => {
      const { client, location, device } = row;
      const found = { ...toLiveSession(row), me: { client, location, device, siteRoles: row.siteRoles } };
      return [row.session.id, found];
    }),
  );
}
