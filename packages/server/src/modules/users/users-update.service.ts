import {
  ASSIGNED_USER_MESSAGES,
  type AssignedUserDetail,
  type AssignedUserUpdate,
  type LocationAccess,
} from '@vigil/contracts';
import { findClientIdsOfUser, isUserInClient } from '../../access/access.repo';
import { holdsAccountOf } from '../../access/account-authority';
import type { Database } from '../../db/database';
import type { NewUserRow, UserRow } from '../../db/tables/users.table';
import { AppError, forbidden } from '../../errors';
import { changedFields } from '../../events/audit-values';
import type { DomainEventPublisher } from '../../events/domain-events';
import type { ControlPublisher } from '../../realtime/control-events';
import * as membershipsRepo from './memberships.repo';
import { recordMembershipChange, recordUserChange, userAuditValues } from './user-audit';
import * as usersRepo from './users.repo';
import { splitFullName } from './users.service';
import {
  assertCanGrant,
  assertCanSetRoles,
  changedRoleFlags,
  getReadableUser,
  notInClientError,
} from './users-access';
import * as usersClientsRepo from './users-clients.repo';
import type { UsersReadService } from './users-read.service';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { users: usersRepo, memberships: membershipsRepo, usersClients: usersClientsRepo };
export type UsersUpdateRepositories = typeof REPOSITORIES;
export type UsersUpdateDeps = {
  db: Database;
  /** Tells the person's live feeds that their access changed. */
  signals: ControlPublisher;
  /** Answers the changed person as the actor sees them. */
  reader: UsersReadService;
  /** The audit trail hears each change of the person and their access (`change-recorded`, in the transaction). */
  events: DomainEventPublisher;
  repos?: UsersUpdateRepositories;
};

type ProfileValues = Pick<
  Partial<NewUserRow>,
  'firstName' | 'lastName' | 'email' | 'company' | 'phone' | 'address'
>;

/** The profile fields of the input that differ from the person's. */
export function changedProfile(input: AssignedUserUpdate, target: UserRow): ProfileValues {
  const changed: ProfileValues = {};
  if (input.full_name !== undefined) {
    const { firstName, lastName } = splitFullName(input.full_name);
    if (firstName !== target.firstName || lastName !== target.lastName) {
      Object.assign(changed, { firstName, lastName });
    }
  }
  if (input.email !== undefined && input.email !== target.email) {
    changed.email = input.email;
  }
  for (const key of ['company', 'phone', 'address'] as const) {
    const value = input[key];
    if (value !== undefined && value !== target[key]) {
      changed[key] = value;
    }
  }
  return changed;
}

/** PUT/PATCH users/{id}/ (A section 7). */
export class UsersUpdateService {
  private readonly repos: UsersUpdateRepositories;

  constructor(private readonly deps: UsersUpdateDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /**
   * PUT/PATCH users/{id}/: the person themself changes their profile; staff and the accounts management
   * of all their clients change profile and roles; site editors change memberships at their sites.
   */
  async update(actor: UserRow, id: number, input: AssignedUserUpdate): Promise<AssignedUserDetail> {
    const { db } = this.deps;
    const target = await getReadableUser(db, actor, id);
    const isSelf = actor.id === target.id;
    const managesPerson = await holdsAccountOf(db, actor, target);
    const profile = changedProfile(input, target);
    if (Object.keys(profile).length > 0 && !isSelf && !managesPerson) {
      throw forbidden();
    }
    const roles = changedRoleFlags(input, target);
    assertCanSetRoles(actor, roles, { managesPerson, isSelf });
    await this.assertEmailFree(profile.email, target.id);
    const entries = input.location_access ?? [];
    await this.assertMembershipChanges(actor, target, entries);
    await db.transaction(async (tx) => {
      if (Object.keys(profile).length + Object.keys(roles).length > 0) {
        await this.repos.users.updateUser(tx, target.id, { ...profile, ...roles });
        await this.recordPersonChange(tx, actor, target, await this.repos.users.getUserById(tx, target.id));
      }
      if (roles.isAccountsManagement !== undefined) {
        // Only someone managing every client of the person may change roles, so all of them follow.
        await this.repos.usersClients.setClientAdministrator(
          tx,
          target.id,
          await findClientIdsOfUser(tx, target.id),
          roles.isAccountsManagement,
        );
      }
      await this.applyMemberships(tx, actor, target, entries);
    });
    // Deactivated, roles or memberships changed: the person's live feeds re-check.
    this.deps.signals.publishControl({ name: 'access-changed', data: { userId: target.id } });
    const updated = await this.repos.users.getUserById(db, target.id);
    return this.deps.reader.detailFor(actor, updated ?? target);
  }

  private async assertEmailFree(email: string | undefined, userId: number): Promise<void> {
    if (email === undefined) {
      return;
    }
    const owner = await this.repos.users.findUserByEmail(this.deps.db, email);
    if (owner !== undefined && owner.id !== userId) {
      throw AppError.validation({ email: [ASSIGNED_USER_MESSAGES.emailTaken] });
    }
  }

  /** Checks the membership changes: the actor may grant each site and the person belongs to its client. */
  private async assertMembershipChanges(
    actor: UserRow,
    target: UserRow,
    entries: LocationAccess[],
  ): Promise<void> {
    const { db } = this.deps;
    const checks = await assertCanGrant(db, actor, entries, target.id);
    for (const check of new Set([...checks.values()].map((value) => value.clientId))) {
      if (!(await isUserInClient(db, target.id, check))) {
        throw notInClientError();
      }
    }
  }

  private async applyMemberships(tx: Database, actor: UserRow, person: UserRow, entries: LocationAccess[]) {
    const userId = person.id;
    for (const entry of entries) {
      const current = await this.repos.memberships.findMembership(tx, userId, entry.location_id);
      if (current !== undefined) {
        await this.repos.memberships.updateMembershipById(tx, current.id, {
          permission: entry.permission,
          hasAccess: entry.has_access,
        });
      } else if (entry.has_access) {
        const values = { locationId: entry.location_id, userId, permission: entry.permission };
        await this.repos.memberships.upsertMembership(tx, values);
      } else {
        continue;
      }
      await recordMembershipChange(this.deps.events, tx, {
        actor,
        person,
        siteId: entry.location_id,
        before:
          current === undefined ? null : { permission: current.permission, has_access: current.hasAccess },
        after: { permission: entry.permission, has_access: entry.has_access },
      });
    }
  }

  /** user.changed with the fields that changed, for the person's current client (else their first). */
  private async recordPersonChange(
    tx: Database,
    actor: UserRow,
    before: UserRow,
    after: UserRow | undefined,
  ) {
    const change =
      after === undefined ? undefined : changedFields(userAuditValues(before), userAuditValues(after));
    if (change === undefined) {
      return;
    }
    const clientId = before.currentClientId ?? (await findClientIdsOfUser(tx, before.id))[0] ?? null;
    await recordUserChange(this.deps.events, tx, {
      actor,
      kind: 'user.changed',
      person: before,
      clientId,
      ...change,
    });
  }
}
