import type { Permission } from '@vigil/contracts';
import type { Database } from '../db/database';
import type { UserRow } from '../db/tables/users.table';
import { forbidden, notFound } from '../errors';
import {
  findAdministeredClientIds,
  findClientIdsOfUser,
  findSiteMembership,
  findVisibleSiteIds,
  isClientAdministrator,
  isUserInClient,
} from './access.repo';

/**
 * Tenant and role rules of A section 6, in one place. Every service asks these before reading or
 * changing a client, a site or what belongs to them. Foreign rows answer 404, as if absent, so
 * ids of other tenants are not confirmed.
 */

export type Actor = Pick<
  UserRow,
  'id' | 'isSuperuser' | 'isOem' | 'isAccountsManagement' | 'isManager' | 'isEngineer'
>;

/** Super user and OEM: every client, site and user. */
export function isStaffUser(user: Actor): boolean {
  return user.isSuperuser || user.isOem;
}

/** can_edit of A section 6 (the landing logic also counts OEM). */
export function hasEditRole(user: Actor): boolean {
  return user.isSuperuser || user.isOem || user.isAccountsManagement || user.isEngineer || user.isManager;
}

export function assertStaff(user: Actor): void {
  if (!isStaffUser(user)) {
    throw forbidden();
  }
}

/** Client ids the user may see; undefined means every client (staff). */
export async function visibleClientIds(db: Database, user: Actor): Promise<number[] | undefined> {
  return isStaffUser(user) ? undefined : findClientIdsOfUser(db, user.id);
}

/** The user belongs to the client (or is staff); 404 otherwise. */
export async function assertClientVisible(db: Database, user: Actor, clientId: number): Promise<void> {
  if (isStaffUser(user) || (await isUserInClient(db, user.id, clientId))) {
    return;
  }
  throw notFound();
}

/** Accounts management of this client (or staff) may manage its users, sites and settings. */
export async function canManageClient(db: Database, user: Actor, clientId: number): Promise<boolean> {
  if (isStaffUser(user)) {
    return true;
  }
  return user.isAccountsManagement && (await isClientAdministrator(db, user.id, clientId));
}

/** Client ids the user manages; undefined means every client (staff). */
export async function managedClientIds(db: Database, user: Actor): Promise<number[] | undefined> {
  if (isStaffUser(user)) {
    return undefined;
  }
  return user.isAccountsManagement ? findAdministeredClientIds(db, user.id) : [];
}

export async function assertCanManageClient(db: Database, user: Actor, clientId: number): Promise<void> {
  await assertClientVisible(db, user, clientId);
  if (!(await canManageClient(db, user, clientId))) {
    throw forbidden();
  }
}

/** Site ids the user may see (getSiteAccess would answer for each); undefined means every site (staff). */
export async function visibleSiteIds(db: Database, user: Actor): Promise<number[] | undefined> {
  if (isStaffUser(user)) {
    return undefined;
  }
  const managed = user.isAccountsManagement ? await findAdministeredClientIds(db, user.id) : [];
  return findVisibleSiteIds(db, user.id, managed);
}

export type SiteAccess = { clientId: number; permission: Permission | null; canEdit: boolean };

/**
 * What the user may do at a site: staff and the client's accounts management edit every site; others
 * see the sites where their membership has access, and edit those where they are Engineer or Manager.
 * 404 for a site they cannot see.
 */
export async function getSiteAccess(db: Database, user: Actor, siteId: number): Promise<SiteAccess> {
  const membership = await findSiteMembership(db, user.id, siteId);
  if (membership === undefined) {
    throw notFound();
  }
  const { clientId, permission } = membership;
  if (await canManageClient(db, user, clientId)) {
    return { clientId, permission, canEdit: true };
  }
  if (permission === null) {
    throw notFound();
  }
  return { clientId, permission, canEdit: permission === 'Engineer' || permission === 'Manager' };
}

export async function assertCanEditSite(db: Database, user: Actor, siteId: number): Promise<SiteAccess> {
  const access = await getSiteAccess(db, user, siteId);
  if (!access.canEdit) {
    throw forbidden();
  }
  return access;
}
