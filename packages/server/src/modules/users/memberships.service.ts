import {
  ASSIGNED_USER_MESSAGES,
  type Membership,
  type MembershipCreate,
  type MembershipUpdate,
  NON_FIELD_ERRORS,
} from '@vigil/contracts';
import { isUserInClient } from '../../access/access.repo';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, notFound } from '../../errors';
import type { ControlPublisher } from '../../realtime/control-events';
import {
  findMembership,
  getMembershipById,
  insertMembership,
  type MembershipWithClient,
  updateMembershipById,
} from './memberships.repo';
import { assertCanGrant } from './users-access';

function toMembershipJson(row: MembershipWithClient): Membership {
  return {
    id: row.id,
    location: row.locationId,
    user: row.userId,
    permission: row.permission,
    has_access: row.hasAccess,
  };
}

async function reload(db: Database, id: number): Promise<Membership> {
  const row = await getMembershipById(db, id);
  if (row === undefined) {
    throw notFound();
  }
  return toMembershipJson(row);
}

/** POST membership/: gives a person of the site's client access to the site; editors of the site. */
export async function createMembership(
  db: Database,
  actor: UserRow,
  input: MembershipCreate,
): Promise<Membership> {
  const checks = await assertCanGrant(
    db,
    actor,
    [{ location_id: input.location, permission: input.permission }],
    input.user,
  );
  const clientId = checks.get(input.location)?.clientId;
  if (clientId === undefined || !(await isUserInClient(db, input.user, clientId))) {
    throw notFound();
  }
  if ((await findMembership(db, input.user, input.location)) !== undefined) {
    throw AppError.validation({ [NON_FIELD_ERRORS]: [ASSIGNED_USER_MESSAGES.membershipExists] });
  }
  const id = await insertMembership(db, {
    locationId: input.location,
    userId: input.user,
    permission: input.permission,
    hasAccess: input.has_access,
  });
  return reload(db, id);
}

/** PATCH membership/{id}/: changes access or permission; editors of the site. */
export async function updateMembership(
  db: Database,
  actor: UserRow,
  id: number,
  input: MembershipUpdate,
  signals: ControlPublisher,
): Promise<Membership> {
  const current = await getMembershipById(db, id);
  if (current === undefined) {
    throw notFound();
  }
  const permission = input.permission ?? current.permission;
  await assertCanGrant(db, actor, [{ location_id: current.locationId, permission }], current.userId);
  if (input.permission !== undefined || input.has_access !== undefined) {
    await updateMembershipById(db, id, { permission: input.permission, hasAccess: input.has_access });
    signals.publishControl({ name: 'access-changed', data: { userId: current.userId } });
  }
  return reload(db, id);
}
