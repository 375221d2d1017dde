import {
  ACTIVATION_MESSAGES,
  type ActivationState,
  NON_FIELD_ERRORS,
  type SetPasswordRequest,
} from '@vigil/contracts';
import { hashPassword } from '../../access/passwords';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import type { ControlPublisher } from '../../realtime/control-events';
import type { AccountsService, RequestMeta } from '../accounts/accounts.service';
import { assertNewPassword } from '../accounts/password-input';
import * as sessionsRepo from '../accounts/sessions.repo';
import * as activationRepo from './activation.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { activation: activationRepo, sessions: sessionsRepo };
export type ActivationRepositories = typeof REPOSITORIES;

/** What activation needs: the database, the key lifetime and sign-in, to open the session a set password earns. */
export type ActivationDeps = Pick<AppContext, 'config' | 'db'> & {
  /** Tells the user's live feeds that their older sessions ended. */
  signals: ControlPublisher;
  accounts: Pick<AccountsService, 'openSession'>;
  now?: () => Date;
  repos?: ActivationRepositories;
};

function invalidLink(): AppError {
  return new AppError('not_found', ACTIVATION_MESSAGES.invalidLink);
}

/** Whether an activation key made at `createdAt` still works at `now`. */
export function isActivationKeyLive(createdAt: Date | null, ttlSeconds: number, now: Date): boolean {
  return createdAt !== null && now.getTime() - createdAt.getTime() < ttlSeconds * 1000;
}

function stateOf(user: UserRow): ActivationState {
  return { stage: user.termsAcceptedAt === null ? 0 : 1, email: user.email, first_name: user.firstName };
}

/** Account activation (A section 2): the terms of use, then the first password, through the e-mailed key. */
export class ActivationService {
  private readonly repos: ActivationRepositories;

  constructor(private readonly deps: ActivationDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET users/activation/get-state/{key}: stage 0 (terms) or 1 (password). */
  async getState(key: string): Promise<ActivationState> {
    return stateOf(await this.findActivatingUser(key, this.now()));
  }

  /** POST users/activation/accept-terms/{key}/: records the acceptance and moves to stage 1. */
  async acceptTerms(key: string): Promise<ActivationState> {
    const now = this.now();
    const user = await this.findActivatingUser(key, now);
    const termsAcceptedAt = user.termsAcceptedAt ?? now;
    if (
      !(await this.repos.activation.updateUserHoldingKey(this.deps.db, user.id, key, { termsAcceptedAt }))
    ) {
      throw invalidLink();
    }
    return stateOf({ ...user, termsAcceptedAt });
  }

  /**
   * POST users/activation/set-password/{key}/: sets the first password after the terms were accepted,
   * uses the key up, ends any older session and signs the user in (201 with a token).
   */
  async setPassword(key: string, input: SetPasswordRequest, meta: RequestMeta): Promise<string> {
    const now = this.now();
    const user = await this.findActivatingUser(key, now);
    if (user.termsAcceptedAt === null) {
      throw AppError.validation({ [NON_FIELD_ERRORS]: [ACTIVATION_MESSAGES.termsNotAccepted] });
    }
    const values = { password: input.password1, confirmation: input.password2 };
    assertNewPassword(values, user, { password: 'password1', confirmation: 'password2' });
    const passwordHash = await hashPassword(input.password1);
    await this.deps.db.transaction(async (tx) => {
      const change = {
        passwordHash,
        passwordChangedAt: now,
        activationKey: null,
        activationKeyCreatedAt: null,
      };
      // Two submissions racing with one key: only the first still finds it.
      if (!(await this.repos.activation.updateUserHoldingKey(tx, user.id, key, change))) {
        throw invalidLink();
      }
      await this.repos.sessions.revokeUserSessions(tx, user.id, now);
    });
    this.deps.signals.publishControl({ name: 'session-revoked', data: { userId: user.id } });
    return this.deps.accounts.openSession({ ...user, passwordHash }, meta);
  }

  /** The active user holding a live key; 404 'Sorry, the activation link is invalid.' for anything else. */
  private async findActivatingUser(key: string, now: Date): Promise<UserRow> {
    const user =
      key === '' ? undefined : await this.repos.activation.findUserByActivationKey(this.deps.db, key);
    if (
      !user?.isActive ||
      !isActivationKeyLive(user.activationKeyCreatedAt, this.deps.config.activationTtlSeconds, now)
    ) {
      throw invalidLink();
    }
    return user;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }
}
