import { ASSIGNED_USER_MESSAGES, type LocationAccess, type Permission } from '@vigil/contracts';
import { canManageClient, getSiteAccess, isStaffUser } from '../../access/access';
import { findClientIdsOfUser } from '../../access/access.repo';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, forbidden, notFound } from '../../errors';
import { editsAnySiteOfClient, findMembership } from './memberships.repo';
import { getUserById } from './users.repo';

/**
 * Who may read and change whom among assigned users (A section 6), on top of access.ts:
 * staff everyone (only a superuser touches staff); a client's accounts management the people of the
 * clients they manage; site editors (Engineer/Manager) read the people of their client and grant
 * access to the sites they edit, never above their own permission.
 */

const PERMISSION_RANK: Record<Permission, number> = { User: 0, Engineer: 1, Manager: 2 };

export function permissionRank(permission: Permission): number {
  return PERMISSION_RANK[permission];
}

/** The target if the actor may see them (self, staff, or manager/editor of a shared client); else 404. */
export async function getReadableUser(db: Database, actor: UserRow, id: number): Promise<UserRow> {
  const target = await getUserById(db, id);
  if (target === undefined) {
    throw notFound();
  }
  if (actor.id === target.id || isStaffUser(actor)) {
    return target;
  }
  const [targetClients, actorClients] = await Promise.all([
    findClientIdsOfUser(db, target.id),
    findClientIdsOfUser(db, actor.id),
  ]);
  const shared = targetClients.filter((clientId) => actorClients.includes(clientId));
  for (const clientId of shared) {
    if (
      (await canManageClient(db, actor, clientId)) ||
      (await editsAnySiteOfClient(db, actor.id, clientId))
    ) {
      return target;
    }
  }
  throw notFound();
}

/** The actor manages the client of each site or edits it, and grants no more than they hold there. */
export type GrantCheck = { clientId: number; manages: boolean };

/**
 * Checks that the actor may set these memberships for the target (undefined for a new person):
 * each site visible (404) and editable (403); an editor who does not manage the client may not
 * change their own memberships, nor grant or alter a permission above their own.
 */
export async function assertCanGrant(
  db: Database,
  actor: UserRow,
  entries: ReadonlyArray<Pick<LocationAccess, 'location_id' | 'permission'>>,
  targetId?: number,
): Promise<Map<number, GrantCheck>> {
  const checks = new Map<number, GrantCheck>();
  for (const entry of entries) {
    const access = await getSiteAccess(db, actor, entry.location_id);
    const manages = await canManageClient(db, actor, access.clientId);
    checks.set(entry.location_id, { clientId: access.clientId, manages });
    if (manages) {
      continue;
    }
    if (!access.canEdit || access.permission === null || targetId === actor.id) {
      throw forbidden();
    }
    const ownRank = permissionRank(access.permission);
    const current =
      targetId === undefined ? undefined : await findMembership(db, targetId, entry.location_id);
    if (
      permissionRank(entry.permission) > ownRank ||
      (current && permissionRank(current.permission) > ownRank)
    ) {
      throw forbidden();
    }
  }
  return checks;
}

type RoleFlagInput = {
  is_accounts_management?: boolean;
  is_manager?: boolean;
  is_engineer?: boolean;
  is_superuser?: boolean;
  is_oem?: boolean;
};

const ROLE_COLUMNS = {
  is_accounts_management: 'isAccountsManagement',
  is_manager: 'isManager',
  is_engineer: 'isEngineer',
  is_superuser: 'isSuperuser',
  is_oem: 'isOem',
} as const;

export type RoleFlagValues = Partial<Record<(typeof ROLE_COLUMNS)[keyof typeof ROLE_COLUMNS], boolean>>;

/** The role flags of the input that differ from the target's (all given ones for a new person). */
export function changedRoleFlags(input: RoleFlagInput, target?: UserRow): RoleFlagValues {
  const changed: RoleFlagValues = {};
  for (const [key, column] of Object.entries(ROLE_COLUMNS) as Array<
    [keyof RoleFlagInput, keyof RoleFlagValues]
  >) {
    const value = input[key];
    if (value !== undefined && (target === undefined ? value : target[column] !== value)) {
      changed[column] = value;
    }
  }
  return changed;
}

/**
 * Role flags: superuser and OEM only by a superuser; the others by staff, or by accounts management
 * that manages the person (never their own flags).
 */
export function assertCanSetRoles(
  actor: UserRow,
  changed: RoleFlagValues,
  options: { managesPerson: boolean; isSelf: boolean },
): void {
  if (Object.keys(changed).length === 0) {
    return;
  }
  if ((changed.isSuperuser !== undefined || changed.isOem !== undefined) && !actor.isSuperuser) {
    throw forbidden();
  }
  if (isStaffUser(actor)) {
    return;
  }
  if (!options.managesPerson || options.isSelf) {
    throw forbidden();
  }
}

/** The 400 for memberships at sites of a client the person is not assigned to. */
export function notInClientError(): AppError {
  return AppError.validation({ location_access: [ASSIGNED_USER_MESSAGES.notInClient] });
}
