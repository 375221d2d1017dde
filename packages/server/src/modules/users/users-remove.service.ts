import { ASSIGNED_USER_MESSAGES } from '@vigil/contracts';
import { canManageClient, isStaffUser } from '../../access/access';
import { findClientIdOfSite, findClientIdsOfUser, isUserInClient } from '../../access/access.repo';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, forbidden, notFound } from '../../errors';
import type { DomainEventPublisher } from '../../events/domain-events';
import type { ControlPublisher } from '../../realtime/control-events';
import { resolveCurrentClientId } from './current-client';
import * as membershipsRepo from './memberships.repo';
import { recordUserChange, userAuditValues } from './user-audit';
import * as usersRepo from './users.repo';
import { getReadableUser } from './users-access';
import * as usersClientsRepo from './users-clients.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { users: usersRepo, memberships: membershipsRepo, usersClients: usersClientsRepo };
export type UsersRemoveRepositories = typeof REPOSITORIES;
export type UsersRemoveDeps = {
  db: Database;
  /** Tells the person's live feeds that their access changed. */
  signals: ControlPublisher;
  /** The audit trail hears each removal (`change-recorded`, in the transaction). */
  events: DomainEventPublisher;
  repos?: UsersRemoveRepositories;
};

/** DELETE users/{id}/ (A section 7). */
export class UsersRemoveService {
  private readonly repos: UsersRemoveRepositories;

  constructor(private readonly deps: UsersRemoveDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /**
   * DELETE users/{id}/: removes the person from the actor's current client (staff and its accounts
   * management): its memberships and the link go; the person is deleted only when no client is left
   * and they are not staff.
   */
  async remove(actor: UserRow, id: number): Promise<void> {
    const { db } = this.deps;
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
      await recordUserChange(this.deps.events, tx, {
        actor,
        kind: 'user.removed',
        person: target,
        clientId,
        before: userAuditValues(target),
        after: null,
      });
      await this.repos.memberships.deleteMembershipsInClient(tx, target.id, clientId);
      await this.repos.usersClients.unlinkUserFromClient(tx, clientId, target.id);
      const remaining = await findClientIdsOfUser(tx, target.id);
      if (remaining.length === 0 && !isStaffUser(target)) {
        await this.repos.usersClients.deleteUserById(tx, target.id);
        return;
      }
      await this.forgetSelection(tx, target, clientId);
    });
    this.deps.signals.publishControl({ name: 'access-changed', data: { userId: target.id } });
  }

  /** Clears the person's current client and site when they pointed into the client they left. */
  private async forgetSelection(tx: Database, target: UserRow, clientId: number): Promise<void> {
    const siteClientId =
      target.currentLocationId === null ? undefined : await findClientIdOfSite(tx, target.currentLocationId);
    const values = {
      ...(target.currentClientId === clientId ? { currentClientId: null } : {}),
      ...(siteClientId === clientId ? { currentLocationId: null } : {}),
    };
    if (Object.keys(values).length > 0) {
      await this.repos.users.updateUser(tx, target.id, values);
    }
  }
}
