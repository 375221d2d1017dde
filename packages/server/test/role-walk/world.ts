import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database';
import type { ClientRow } from '../../src/db/tables/clients.table';
import type { LocationRow } from '../../src/db/tables/sites.table';
import type { UserRow } from '../../src/db/tables/users.table';
import { updateUser } from '../../src/modules/users/users.repo';
import { assignToSite, buildClient, buildSite, buildUser, TEST_PASSWORD } from '../factories';
import { authHeader } from '../test-app';

/** Every role of the permission table, in its column order. */
export const ROLES = [
  'superuser',
  'oem',
  'accountsManagement',
  'manager',
  'engineer',
  'user',
  'otherClientManager',
  'visitor',
] as const;
export type Role = (typeof ROLES)[number];

/**
 * Client A with sites A1 and A2, its accounts management, a Manager, an Engineer and a User at A1;
 * client B with site B1 and its own manager (accounts management of B too); staff. Every person has
 * visual_dashboard_enabled, so the walk shows the visual dashboard's own rules (without it every visual-dashboard
 * call is 403: machine-types.routes.test.ts).
 */
export type World = {
  db: Database;
  clientA: ClientRow;
  siteA1: LocationRow;
  siteA2: LocationRow;
  clientB: ClientRow;
  siteB1: LocationRow;
  users: Record<Exclude<Role, 'visitor'>, UserRow>;
  headers: Record<Role, Record<string, string>>;
};

export async function buildWorld(app: FastifyInstance, db: Database): Promise<World> {
  const clientA = await buildClient(db, { company: 'Client A' });
  const siteA1 = await buildSite(db, clientA, { title: 'A1' });
  const siteA2 = await buildSite(db, clientA, { title: 'A2' });
  const clientB = await buildClient(db, { company: 'Client B' });
  const siteB1 = await buildSite(db, clientB, { title: 'B1' });

  const vd = { visualDashboardEnabled: true };
  const superuser = await buildUser(db, { roles: { isSuperuser: true, ...vd } });
  const oem = await buildUser(db, { roles: { isOem: true, ...vd } });
  const accountsManagement = await buildUser(db, { roles: { isAccountsManagement: true, ...vd } });
  await assignToSite(db, accountsManagement, siteA1, 'Manager');
  const manager = await buildUser(db, { roles: { isManager: true, ...vd } });
  await assignToSite(db, manager, siteA1, 'Manager');
  const engineer = await buildUser(db, { roles: { isEngineer: true, ...vd } });
  await assignToSite(db, engineer, siteA1, 'Engineer');
  const user = await buildUser(db, { roles: vd });
  await assignToSite(db, user, siteA1, 'User');
  const otherClientManager = await buildUser(db, {
    roles: { isManager: true, isAccountsManagement: true, ...vd },
  });
  await assignToSite(db, otherClientManager, siteB1, 'Manager');

  const users = { superuser, oem, accountsManagement, manager, engineer, user, otherClientManager };
  for (const member of [accountsManagement, manager, engineer, user]) {
    await updateUser(db, member.id, { currentClientId: clientA.id, currentLocationId: siteA1.id });
  }
  await updateUser(db, otherClientManager.id, { currentClientId: clientB.id, currentLocationId: siteB1.id });
  for (const staff of [superuser, oem]) {
    await updateUser(db, staff.id, { currentClientId: clientA.id, currentLocationId: siteA1.id });
  }

  const headers = { visitor: {} } as Record<Role, Record<string, string>>;
  for (const [role, row] of Object.entries(users)) {
    headers[role as Role] = { authorization: await authHeader(app, row.email, TEST_PASSWORD) };
  }
  return { db, clientA, siteA1, siteA2, clientB, siteB1, users, headers };
}
