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
import { editsAnySiteOfClient, findMembershipsOfUser } from './memberships.repo';
import { getReadableUser } from './users-access';
import { findClientUsers } from './users-list.repo';
import { type ShownParts, toAssignedUserDetailJson, toAssignedUserJson } from './users-view';

export type AssignedUserListOptions = { siteId?: number; filter?: string };

/**
 * clients/{id}/users/: the people of a client, for staff, its accounts management and its site
 * editors (who read only and never see activation keys).
 */
export async function listAssignedUsers(
  db: Database,
  actor: UserRow,
  clientId: number,
  options: AssignedUserListOptions,
  page: Page,
): Promise<{ count: number; results: AssignedUser[] }> {
  await assertClientVisible(db, actor, clientId);
  const manages = await canManageClient(db, actor, clientId);
  if (!manages && !(await editsAnySiteOfClient(db, actor.id, clientId))) {
    throw forbidden();
  }
  if (options.siteId !== undefined && (await findClientIdOfSite(db, options.siteId)) !== clientId) {
    throw notFound();
  }
  const { count, rows } = await findClientUsers(db, { clientId, ...options, ...page });
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

/** What a reader sees of a person: the key only with the account (and managing the listed client). */
function shownParts(authority: AccountAuthority | undefined, managesListedClient = true): ShownParts {
  return {
    showActivationKey: managesListedClient && authority?.holdsAccount === true,
    showProfile: authority?.seesProfile === true,
  };
}

/** The detail answer: memberships at the sites of the actor's clients (all for staff and self). */
export async function detailFor(db: Database, actor: UserRow, target: UserRow): Promise<AssignedUserDetail> {
  const seesAll = isStaffUser(actor) || actor.id === target.id;
  const clientIds = seesAll ? undefined : await findClientIdsOfUser(db, actor.id);
  const [memberships, authority] = await Promise.all([
    findMembershipsOfUser(db, target.id, clientIds),
    getAccountAuthority(db, actor, target),
  ]);
  return toAssignedUserDetailJson(target, memberships, {
    ...shownParts(authority),
    canEditProfile: authority.holdsAccount || actor.id === target.id,
  });
}

/** GET users/{id}/: self, staff, and the managers and editors of the person's clients. */
export async function getAssignedUser(db: Database, actor: UserRow, id: number): Promise<AssignedUserDetail> {
  return detailFor(db, actor, await getReadableUser(db, actor, id));
}
