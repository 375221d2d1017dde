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
import type { DomainEventPublisher } from '../../events/domain-events';
import { sendActivation } from './activation';
import * as membershipsRepo from './memberships.repo';
import { recordMembershipChange, recordUserChange, userAuditValues } from './user-audit';
import * as usersRepo from './users.repo';
import type { UsersService } from './users.service';
import { assertCanGrant, assertCanSetRoles, changedRoleFlags } from './users-access';
import * as usersClientsRepo from './users-clients.repo';
import type { UsersReadService } from './users-read.service';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { users: usersRepo, memberships: membershipsRepo, usersClients: usersClientsRepo };
export type UsersCreateRepositories = typeof REPOSITORIES;
export type UsersCreateDeps = Pick<AppContext, 'config' | 'db' | 'mailer'> & {
  /** Creates the person with the account rules. */
  users: UsersService;
  /** Answers the created person as the actor sees them. */
  reader: UsersReadService;
  /** The audit trail hears each person created or linked (`change-recorded`, in the transaction). */
  events: DomainEventPublisher;
  repos?: UsersCreateRepositories;
};

/** POST users/ (A section 7). */
export class UsersCreateService {
  private readonly repos: UsersCreateRepositories;

  constructor(private readonly deps: UsersCreateDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /**
   * POST users/: a new, unactivated person of the sites' client with an activation e-mail; or a person of
   * another client linked to this one (no password change). 400 when they already belong to it.
   */
  async create(actor: UserRow, input: AssignedUserCreate): Promise<AssignedUserCreated> {
    const { db, reader } = this.deps;
    const { clientId, manages } = await this.clientOfGrants(actor, input.location_access);
    const roles = changedRoleFlags(input);
    assertCanSetRoles(actor, roles, { managesPerson: manages, isSelf: false });
    const existing = await this.repos.users.findUserByEmail(db, input.email);
    if (existing !== undefined) {
      if (isStaffUser(existing) || (await isUserInClient(db, existing.id, clientId))) {
        throw AppError.validation({ email: [ASSIGNED_USER_MESSAGES.emailTaken] });
      }
      await db.transaction(async (tx) => {
        await this.repos.usersClients.linkUserToClient(tx, clientId, existing.id);
        await this.grantSites(tx, actor, existing, input.location_access);
        if (existing.currentClientId === null) {
          await this.repos.users.updateUser(tx, existing.id, { currentClientId: clientId });
        }
      });
      const user = await this.loadUser(existing.id);
      return {
        detail: ASSIGNED_USER_MESSAGES.userAddedToAnotherClient,
        user: await reader.detailFor(actor, user),
      };
    }
    const created = await db.transaction(async (tx) => {
      const user = await this.deps.users.inTransaction(tx).create({
        email: input.email,
        fullName: input.full_name,
        company: input.company,
        phone: input.phone,
        address: input.address,
        roles,
      });
      await this.repos.usersClients.linkUserToClient(tx, clientId, user.id, {
        asAdministrator: roles.isAccountsManagement === true,
      });
      await this.repos.users.updateUser(tx, user.id, { currentClientId: clientId });
      await recordUserChange(this.deps.events, tx, {
        actor,
        kind: 'user.created',
        person: user,
        clientId,
        before: null,
        after: userAuditValues(user),
      });
      await this.grantSites(tx, actor, user, input.location_access);
      await sendActivation(this.deps, user, tx);
      return user;
    });
    const user = await this.loadUser(created.id);
    return { detail: ASSIGNED_USER_MESSAGES.userCreated, user: await reader.detailFor(actor, user) };
  }

  /** The one client of the granted sites; 400 without a site or with sites of several clients. */
  private async clientOfGrants(actor: UserRow, entries: LocationAccess[]) {
    if (!entries.some((entry) => entry.has_access)) {
      throw AppError.validation({ location_access: [ASSIGNED_USER_MESSAGES.selectLocationFirst] });
    }
    const checks = await assertCanGrant(this.deps.db, actor, entries);
    const clientIds = new Set([...checks.values()].map((check) => check.clientId));
    const [clientId] = clientIds;
    if (clientId === undefined || clientIds.size > 1) {
      throw AppError.validation({ location_access: [ASSIGNED_USER_MESSAGES.sitesOfOneClient] });
    }
    return { clientId, manages: [...checks.values()].every((check) => check.manages) };
  }

  private async grantSites(tx: Database, actor: UserRow, person: UserRow, entries: LocationAccess[]) {
    for (const entry of entries) {
      if (entry.has_access) {
        const values = { locationId: entry.location_id, userId: person.id, permission: entry.permission };
        const before = await this.repos.memberships.findMembership(tx, person.id, entry.location_id);
        await this.repos.memberships.upsertMembership(tx, values);
        await recordMembershipChange(this.deps.events, tx, {
          actor,
          person,
          siteId: entry.location_id,
          before:
            before === undefined ? null : { permission: before.permission, has_access: before.hasAccess },
          after: { permission: entry.permission, has_access: true },
        });
      }
    }
  }

  private async loadUser(id: number): Promise<UserRow> {
    const user = await this.repos.users.getUserById(this.deps.db, id);
    if (user === undefined) {
      throw new Error(`user ${id} vanished`);
    }
    return user;
  }
}
