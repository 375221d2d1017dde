import {
  ESCALATION_MESSAGES,
  type EscalationPolicy,
  type EscalationPolicyBody,
  escalationPolicyProblems,
} from '@vigil/contracts';
import { canManageClient, getSiteAccess } from '../../access/access';
import type { Database } from '../../db/database';
import type { EscalationPolicyRow, StoredEscalationLevel } from '../../db/tables/escalation.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, forbidden } from '../../errors';
import { changedFields } from '../../events/audit-values';
import type { DomainEventPublisher } from '../../events/domain-events';
import * as usersRepo from '../users/users.repo';
import * as escalationRepo from './escalation.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { escalation: escalationRepo, users: usersRepo };
export type EscalationRepositories = typeof REPOSITORIES;
export type EscalationDeps = {
  db: Database;
  /** The audit trail hears each change of a policy (`change-recorded`, in the save's transaction). */
  events: DomainEventPublisher;
  repos?: EscalationRepositories;
  now?: () => Date;
};

const fullName = (user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) =>
  [user.firstName, user.lastName].filter((part) => part).join(' ') || user.email;

/** A policy as the audit trail shows it (docs/audit.md): what a person set, not who last saved it. */
function policyAuditValues(row: EscalationPolicyRow | undefined): Record<string, unknown> {
  return {
    enabled: row?.enabled ?? false,
    include_warnings: row?.includeWarnings ?? false,
    levels: (row?.levels ?? []).map((level) => ({
      after_minutes: level.afterMinutes,
      user_ids: level.userIds,
      emails: level.emails,
    })),
  };
}

/**
 * A site's escalation policy (issue 27, docs/escalation.md): every reader of the site reads it; the site's
 * managers, the client's accounts management and staff change it. Another tenant's site answers 404.
 */
export class EscalationService {
  private readonly repos: EscalationRepositories;
  private readonly now: () => Date;

  constructor(private readonly deps: EscalationDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
    this.now = deps.now ?? (() => new Date());
  }

  async get(actor: UserRow, siteId: number): Promise<EscalationPolicy> {
    const canEdit = await this.canEdit(actor, siteId);
    return this.toJson(siteId, await this.repos.escalation.findPolicy(this.deps.db, siteId), canEdit);
  }

  async put(actor: UserRow, siteId: number, body: EscalationPolicyBody): Promise<EscalationPolicy> {
    const access = await this.accessOf(actor, siteId);
    if (!access.canEdit) {
      throw forbidden();
    }
    // The body schema checked the shape and escalationPolicyProblems already; this is the server's own guard.
    const problems = escalationPolicyProblems(body);
    const messages = [...(problems.levels ?? []), ...(await this.peopleProblems(siteId, body))];
    if (messages.length > 0) {
      throw AppError.validation({ levels: messages });
    }
    const levels: StoredEscalationLevel[] = body.levels.map((level) => ({
      afterMinutes: level.after_minutes,
      userIds: [...level.user_ids],
      emails: level.emails.map((email) => email.trim()),
    }));
    const saved = await this.deps.db.transaction(async (tx) => {
      const before = await this.repos.escalation.findPolicy(tx, siteId);
      const row = await this.repos.escalation.savePolicy(tx, {
        locationId: siteId,
        enabled: body.enabled,
        includeWarnings: body.include_warnings,
        levels,
        at: this.now(),
        by: { id: actor.id, name: fullName(actor) },
      });
      const change = changedFields(policyAuditValues(before), policyAuditValues(row));
      if (change !== undefined) {
        await this.deps.events.publish(tx, 'change-recorded', {
          kind: 'escalation-policy.changed',
          by: actor,
          subject: { type: 'site', id: siteId, label: `Escalation policy of site ${siteId}` },
          siteId,
          clientId: access.clientId,
          ...change,
        });
      }
      return row;
    });
    return this.toJson(siteId, saved, true);
  }

  private async canEdit(actor: UserRow, siteId: number): Promise<boolean> {
    return (await this.accessOf(actor, siteId)).canEdit;
  }

  /** 404 for a site the actor does not see; then its client and whether they may change its policy. */
  private async accessOf(actor: UserRow, siteId: number): Promise<{ clientId: number; canEdit: boolean }> {
    const access = await getSiteAccess(this.deps.db, actor, siteId);
    const canEdit =
      access.permission === 'Manager' || (await canManageClient(this.deps.db, actor, access.clientId));
    return { clientId: access.clientId, canEdit };
  }

  /** Each person named must exist and see the site ('Level 2: This person does not see the site. (17)'). */
  private async peopleProblems(siteId: number, body: EscalationPolicyBody): Promise<string[]> {
    const messages: string[] = [];
    for (const [index, level] of body.levels.entries()) {
      const strangers: number[] = [];
      for (const id of level.user_ids) {
        if (!(await this.seesSite(id, siteId))) {
          strangers.push(id);
        }
      }
      if (strangers.length > 0) {
        messages.push(`Level ${index + 1}: ${ESCALATION_MESSAGES.userNotAtSite} (${strangers.join(', ')})`);
      }
    }
    return messages;
  }

  private async seesSite(userId: number, siteId: number): Promise<boolean> {
    const user = await this.repos.users.getUserById(this.deps.db, userId);
    if (user === undefined) {
      return false;
    }
    try {
      await getSiteAccess(this.deps.db, user, siteId);
      return true;
    } catch {
      return false;
    }
  }

  private async toJson(
    siteId: number,
    row: EscalationPolicyRow | undefined,
    canEdit: boolean,
  ): Promise<EscalationPolicy> {
    const levels = row?.levels ?? [];
    const people = new Map(
      (
        await this.repos.escalation.findUsersByIds(this.deps.db, [
          ...new Set(levels.flatMap((l) => l.userIds)),
        ])
      ).map((person) => [person.id, { id: person.id, email: person.email, full_name: fullName(person) }]),
    );
    return {
      location: siteId,
      enabled: row?.enabled ?? false,
      include_warnings: row?.includeWarnings ?? false,
      levels: levels.map((level, index) => ({
        level: index + 1,
        after_minutes: level.afterMinutes,
        user_ids: level.userIds,
        users: level.userIds.flatMap((id) => {
          const person = people.get(id);
          return person === undefined ? [] : [person];
        }),
        emails: level.emails,
      })),
      can_edit: canEdit,
      date_updated: row === undefined ? null : row.dateUpdated.toISOString(),
      updated_by: row?.updatedByName ?? null,
    };
  }
}
