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
import * as usersRepo from '../users/users.repo';
import * as escalationRepo from './escalation.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { escalation: escalationRepo, users: usersRepo };
export type EscalationRepositories = typeof REPOSITORIES;
export type EscalationDeps = { db: Database; repos?: EscalationRepositories; now?: () => Date };

const fullName = (user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) =>
  [user.firstName, user.lastName].filter((part) => part).join(' ') || user.email;

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
    if (!(await this.canEdit(actor, siteId))) {
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
    const saved = await this.repos.escalation.savePolicy(this.deps.db, {
      locationId: siteId,
      enabled: body.enabled,
      includeWarnings: body.include_warnings,
      levels,
      at: this.now(),
      by: { id: actor.id, name: fullName(actor) },
    });
    return this.toJson(siteId, saved, true);
  }

  /** 404 for a site the actor does not see; then whether they may change its policy. */
  private async canEdit(actor: UserRow, siteId: number): Promise<boolean> {
    const access = await getSiteAccess(this.deps.db, actor, siteId);
    return access.permission === 'Manager' || (await canManageClient(this.deps.db, actor, access.clientId));
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
