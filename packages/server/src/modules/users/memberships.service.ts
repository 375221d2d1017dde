import {
  ASSIGNED_USER_MESSAGES,
  type Membership,
  type MembershipCreate,
  type MembershipUpdate,
  NON_FIELD_ERRORS,
  type Permission,
} from '@vigil/contracts';
import { isUserInClient } from '../../access/access.repo';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, notFound } from '../../errors';
import type { DomainEventPublisher } from '../../events/domain-events';
import type { ControlPublisher } from '../../realtime/control-events';
import type { MembershipWithClient } from './memberships.repo';
import * as membershipsRepo from './memberships.repo';
import { recordMembershipChange } from './user-audit';
import * as usersRepo from './users.repo';
import { assertCanGrant } from './users-access';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { memberships: membershipsRepo, users: usersRepo };
export type MembershipsRepositories = typeof REPOSITORIES;
export type MembershipsDeps = {
  db: Database;
  /** Tells the person's live feeds that their access changed. */
  signals: ControlPublisher;
  /** The audit trail hears each change of access (`change-recorded`, in the transaction). */
  events: DomainEventPublisher;
  repos?: MembershipsRepositories;
};

function toMembershipJson(row: MembershipWithClient): Membership {
  return {
    id: row.id,
    location: row.locationId,
    user: row.userId,
    permission: row.permission,
    has_access: row.hasAccess,
  };
}

/** A person's access and permission at one site (membership/ of A section 7). */
export class MembershipsService {
  private readonly repos: MembershipsRepositories;

  constructor(private readonly deps: MembershipsDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** POST membership/: gives a person of the site's client access to the site; editors of the site. */
  async create(actor: UserRow, input: MembershipCreate): Promise<Membership> {
    const { db } = this.deps;
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
    if ((await this.repos.memberships.findMembership(db, input.user, input.location)) !== undefined) {
      throw AppError.validation({ [NON_FIELD_ERRORS]: [ASSIGNED_USER_MESSAGES.membershipExists] });
    }
    const id = await db.transaction(async (tx) => {
      const inserted = await this.repos.memberships.insertMembership(tx, {
        locationId: input.location,
        userId: input.user,
        permission: input.permission,
        hasAccess: input.has_access,
      });
      await this.record(tx, actor, input.user, input.location, null, {
        permission: input.permission,
        has_access: input.has_access,
      });
      return inserted;
    });
    return this.reload(id);
  }

  /** PATCH membership/{id}/: changes access or permission; editors of the site. */
  async update(actor: UserRow, id: number, input: MembershipUpdate): Promise<Membership> {
    const { db } = this.deps;
    const current = await this.repos.memberships.getMembershipById(db, id);
    if (current === undefined) {
      throw notFound();
    }
    const permission = input.permission ?? current.permission;
    await assertCanGrant(db, actor, [{ location_id: current.locationId, permission }], current.userId);
    if (input.permission !== undefined || input.has_access !== undefined) {
      await db.transaction(async (tx) => {
        await this.repos.memberships.updateMembershipById(tx, id, {
          permission: input.permission,
          hasAccess: input.has_access,
        });
        const before = { permission: current.permission, has_access: current.hasAccess };
        const after = { permission, has_access: input.has_access ?? current.hasAccess };
        await this.record(tx, actor, current.userId, current.locationId, before, after);
      });
      this.deps.signals.publishControl({ name: 'access-changed', data: { userId: current.userId } });
    }
    return this.reload(id);
  }

  private async record(
    tx: Database,
    actor: UserRow,
    userId: number,
    siteId: number,
    before: { permission: Permission; has_access: boolean } | null,
    after: { permission: Permission; has_access: boolean },
  ): Promise<void> {
    const person = await this.repos.users.getUserById(tx, userId);
    const label = { id: userId, email: person?.email ?? `#${userId}` };
    await recordMembershipChange(this.deps.events, tx, { actor, person: label, siteId, before, after });
  }

  private async reload(id: number): Promise<Membership> {
    const row = await this.repos.memberships.getMembershipById(this.deps.db, id);
    if (row === undefined) {
      throw notFound();
    }
    return toMembershipJson(row);
  }
}
