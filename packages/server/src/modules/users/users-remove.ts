import { ASSIGNED_USER_MESSAGES } from '@vigil/contracts';
import { canManageClient, isStaffUser } from '../../access/access';
import { findClientIdOfSite, findClientIdsOfUser, isUserInClient } from '../../access/access.repo';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, forbidden, notFound } from '../../errors';
import type { ControlPublisher } from '../../realtime/control-events';
import { resolveCurrentClientId } from './current-client';
import { deleteMembershipsInClient } from './memberships.repo';
import { updateUser } from './users.repo';
import { getReadableUser } from './users-access';
import { deleteUserById, unlinkUserFromClient } from './users-clients.repo';

/** Clears the person's current client and site when they pointed into the client they left. */
async function forgetSelection(db: Database, target: UserRow, clientId: number): Promise<void> {
  const siteClientId =
    target.currentLocationId === null ? undefined : await findClientIdOfSite(db, target.currentLocationId);
  const values = {
    ...(target.currentClientId === clientId ? { currentClientId: null } : {}),
    ...(siteClientId === clientId ? { currentLocationId: null } : {}),
  };
  if (Object.keys(values).length > 0) {
    await updateUser(db, target.id, values);
  }
}

/**
 * DELETE users/{id}/: removes the person from the actor's current client (staff and its accounts
 * management): its memberships and the link go; the person is deleted only when no client is left
 * and they are not staff.
 */
export async function removeAssignedUser(
  db: Database,
  actor: UserRow,
  id: number,
  signals: ControlPublisher,
): Promise<void> {
  const target = await getReadableUser(db, actor, id);
  if (target.id === actor.id) {
    throw new AppError('forbidden', ASSIGNED_USER_MESSAGES.cannotRemoveSelf);
  }
  const clientId = await resolveCurrentClientId(db, actor);
  if (clientId === null || !(await isUserInClient(db, target.id, clientId))) {
    throw notFound();
  }
  if (!(await canManageClient(db, actor, clientId))) {
    throw forbidden();
  }
  await db.transaction(async (tx) => {
    await deleteMembershipsInClient(tx, target.id, clientId);
    await unlinkUserFromClient(tx, clientId, target.id);
    const remaining = await findClientIdsOfUser(tx, target.id);
    if (remaining.length === 0 && !isStaffUser(target)) {
      await deleteUserById(tx, target.id);
      return;
    }
    await forgetSelection(tx, target, clientId);
  });
  signals.publishControl({ name: 'access-changed', data: { userId: target.id } });
}
