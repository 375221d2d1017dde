import type { AssignedUser, AssignedUserDetail } from '@vigil/contracts';
import { assertClientVisible, canManageClient, isStaffUser } from '../../access/access';
import { findClientIdOfSite, findClientIdsOfUser } from '../../access/access.repo';
import {
  type AccountAuthority,
  getAccountAuthorities,
  getAccountAuthority,
} from '../../access/account-authority';
import type { Database } from '../../db/database';
import type { Page } from '../../db/page';
import type { UserRow } from '../../db/tables/users.table';
import { forbidden, notFound } from '../../errors';
import * as membershipsRepo from './memberships.repo';
import { getReadableUser } from './users-access';
import * as usersListRepo from './users-list.repo';
import { type ShownParts, toAssignedUserDetailJson, toAssignedUserJson } from './users-view';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { memberships: membershipsRepo, usersList: usersListRepo };
export type UsersReadRepositories = typeof REPOSITORIES;
export type UsersReadDeps = { db: Database; repos?: UsersReadRepositories };

export type AssignedUserListOptions = { siteId?: number; filter?: string };

/** What a reader sees of a person: the key only with the account (and managing the listed client). */
function shownParts(authority: AccountAuthority | undefined, managesListedClient = true): ShownParts {
  return {
    showActivationKey: managesListedClient && authority?.holdsAccount === true,
    showProfile: authority?.seesProfile === true,
  };
}

/** Reading assigned users (A section 7): a client's people and one person with their memberships. */
export class UsersReadService {
  private readonly repos: UsersReadRepositories;

  constructor(private readonly deps: UsersReadDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /**
   * clients/{id}/users/: the people of a client, for staff, its accounts management and its site
   * editors (who read only and never see activation keys).
   */
  async list(
    actor: UserRow,
    clientId: number,
    options: AssignedUserListOptions,
    page: Page,
  ): Promise<{ count: number; results: AssignedUser[] }> {
    const { db } = this.deps;
    await assertClientVisible(db, actor, clientId);
    const manages = await canManageClient(db, actor, clientId);
    if (!manages && !(await this.repos.memberships.editsAnySiteOfClient(db, actor.id, clientId))) {
      throw forbidden();
    }
    if (options.siteId !== undefined && (await findClientIdOfSite(db, options.siteId)) !== clientId) {
      throw notFound();
    }
    const { count, rows } = await this.repos.usersList.findClientUsers(db, { clientId, ...options, ...page });
    const authorities = await getAccountAuthorities(
      db,
      actor,
      rows.map((row) => row.user),
    );
    const results = rows.map((row) =>
      toAssignedUserJson(row.user, {
        ...shownParts(authorities.get(row.user.id), manages),
        membership: row.membership,
      }),
    );
    return { count, results };
  }

  /** GET users/{id}/: self, staff, and the managers and editors of the person's clients. */
  async get(actor: UserRow, id: number): Promise<AssignedUserDetail> {
    return this.detailFor(actor, await getReadableUser(this.deps.db, actor, id));
  }

  /** The detail answer: memberships at the sites of the actor's clients (all for staff and self). */
  async detailFor(actor: UserRow, target: UserRow): Promise<AssignedUserDetail> {
    const { db } = this.deps;
    const seesAll = isStaffUser(actor) || actor.id === target.id;
    const clientIds = seesAll ? undefined : await findClientIdsOfUser(db, actor.id);
    const [memberships, authority] = await Promise.all([
      this.repos.memberships.findMembershipsOfUser(db, target.id, clientIds),
      getAccountAuthority(db, actor, target),
    ]);
    return toAssignedUserDetailJson(target, memberships, {
      ...shownParts(authority),
      canEditProfile: authority.holdsAccount || actor.id === target.id,
    });
  }
}
