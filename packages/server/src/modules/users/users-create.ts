import {
  ASSIGNED_USER_MESSAGES,
  type AssignedUserCreate,
  type AssignedUserCreated,
  type LocationAccess,
} from '@vigil/contracts';
import { isStaffUser } from '../../access/access';
import { isUserInClient } from '../../access/access.repo';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import { sendActivation } from './activation';
import { upsertMembership } from './memberships.repo';
import { findUserByEmail, getUserById, updateUser } from './users.repo';
import { UsersService } from './users.service';
import { assertCanGrant, assertCanSetRoles, changedRoleFlags } from './users-access';
import { linkUserToClient } from './users-clients.repo';
import { detailFor } from './users-read';

/** The one client of the granted sites; 400 without a site or with sites of several clients. */
async function clientOfGrants(db: Database, actor: UserRow, entries: LocationAccess[]) {
  if (!entries.some((entry) => entry.has_access)) {
    throw AppError.validation({ location_access: [ASSIGNED_USER_MESSAGES.selectLocationFirst] });
  }
  const checks = await assertCanGrant(db, actor, entries);
  const clientIds = new Set([...checks.values()].map((check) => check.clientId));
  const [clientId] = clientIds;
  if (clientId === undefined || clientIds.size > 1) {
    throw AppError.validation({ location_access: [ASSIGNED_USER_MESSAGES.sitesOfOneClient] });
  }
  return { clientId, manages: [...checks.values()].every((check) => check.manages) };
}

async function grantSites(db: Database, userId: number, entries: LocationAccess[]): Promise<void> {
  for (const entry of entries) {
    if (entry.has_access) {
      await upsertMembership(db, { locationId: entry.location_id, userId, permission: entry.permission });
    }
  }
}

async function loadUser(db: Database, id: number): Promise<UserRow> {
  const user = await getUserById(db, id);
  if (user === undefined) {
    throw new Error(`user ${id} vanished`);
  }
  return user;
}

/**
 * POST users/: a new, unactivated person of the sites' client with an activation e-mail; or a person of
 * another client linked to this one (no password change). 400 when they already belong to it.
 */
export async function createAssignedUser(
  ctx: Pick<AppContext, 'config' | 'db' | 'mailer'>,
  actor: UserRow,
  input: AssignedUserCreate,
): Promise<AssignedUserCreated> {
  const { db } = ctx;
  const { clientId, manages } = await clientOfGrants(db, actor, input.location_access);
  const roles = changedRoleFlags(input);
  assertCanSetRoles(actor, roles, { managesPerson: manages, isSelf: false });
  const existing = await findUserByEmail(db, input.email);
  if (existing !== undefined) {
    if (isStaffUser(existing) || (await isUserInClient(db, existing.id, clientId))) {
      throw AppError.validation({ email: [ASSIGNED_USER_MESSAGES.emailTaken] });
    }
    await db.transaction(async (tx) => {
      await linkUserToClient(tx, clientId, existing.id);
      await grantSites(tx, existing.id, input.location_access);
      if (existing.currentClientId === null) {
        await updateUser(tx, existing.id, { currentClientId: clientId });
      }
    });
    const user = await loadUser(db, existing.id);
    return {
      detail: ASSIGNED_USER_MESSAGES.userAddedToAnotherClient,
      user: await detailFor(db, actor, user),
    };
  }
  const created = await db.transaction(async (tx) => {
    const user = await new UsersService({ db: tx }).create({
      email: input.email,
      fullName: input.full_name,
      company: input.company,
      phone: input.phone,
      address: input.address,
      roles,
    });
    await linkUserToClient(tx, clientId, user.id, { asAdministrator: roles.isAccountsManagement === true });
    await updateUser(tx, user.id, { currentClientId: clientId });
    await grantSites(tx, user.id, input.location_access);
    await sendActivation(ctx, user, tx);
    return user;
  });
  const user = await loadUser(db, created.id);
  return { detail: ASSIGNED_USER_MESSAGES.userCreated, user: await detailFor(db, actor, user) };
}
