import type { AssignedUser, AssignedUserDetail } from '@vigil/contracts';
import type { Database } from '../../db/database';
import type { Page } from '../../http/pagination';
import { assertClientVisible, canManageClient, forbidden, isStaffUser, notFound } from '../access/access';
import { findClientIdsOfUser } from '../access/access.repo';
import { editsAnySiteOfClient, getLocationById } from '../sites/sites.repo';
import { findMembershipsOfUser } from './memberships.repo';
import type { UserRow } from './users.table';
import { getReadableUser, managesAllClientsOf } from './users-access';
import { findClientIdsOfUsers } from './users-clients.repo';
import { findClientUsers } from './users-list.repo';
import { toAssignedUserDetailJson, toAssignedUserJson } from './users-view';

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
  if (options.siteId !== undefined && (await getLocationById(db, options.siteId))?.clientId !== clientId) {
    throw notFound();
  }
  const { count, rows } = await findClientUsers(db, { clientId, ...options, ...page });
  const keyReaders = manages
    ? await whoseKeysShow(
        db,
        actor,
        rows.map((row) => row.user),
      )
    : new Set<number>();
  const results = rows.map((row) =>
    toAssignedUserJson(row.user, {
      showActivationKey: keyReaders.has(row.user.id),
      membership: row.membership,
    }),
  );
  return { count, results };
}

/** Ids of the listed users whose every client the actor manages (see managesAllClientsOf). */
async function whoseKeysShow(db: Database, actor: UserRow, listed: UserRow[]): Promise<Set<number>> {
  if (isStaffUser(actor)) {
    return new Set(listed.filter((user) => actor.isSuperuser || !isStaffUser(user)).map((user) => user.id));
  }
  const own = new Set(await findClientIdsOfUser(db, actor.id));
  const clientsOf = await findClientIdsOfUsers(
    db,
    listed.map((user) => user.id),
  );
  const shown = new Set<number>();
  for (const user of listed) {
    const clients = clientsOf.get(user.id) ?? [];
    if (!isStaffUser(user) && clients.every((id) => own.has(id))) {
      shown.add(user.id);
    }
  }
  return shown;
}

/** The detail answer: memberships at the sites of the actor's clients (all for staff and self). */
export async function detailFor(db: Database, actor: UserRow, target: UserRow): Promise<AssignedUserDetail> {
  const seesAll = isStaffUser(actor) || actor.id === target.id;
  const clientIds = seesAll ? undefined : await findClientIdsOfUser(db, actor.id);
  const [memberships, showKey] = await Promise.all([
    findMembershipsOfUser(db, target.id, clientIds),
    managesAllClientsOf(db, actor, target),
  ]);
  return toAssignedUserDetailJson(target, memberships, showKey);
}

/** GET users/{id}/: self, staff, and the managers and editors of the person's clients. */
export async function getAssignedUser(db: Database, actor: UserRow, id: number): Promise<AssignedUserDetail> {
  return detailFor(db, actor, await getReadableUser(db, actor, id));
}
