import { PASSWORD_MESSAGES, type PasswordChange } from '@vigil/contracts';
import type { AuthContext } from '../../access/authentication';
import { hashPassword, verifyPassword } from '../../access/passwords';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import type { ControlPublisher } from '../../realtime/control-events';
import * as usersRepo from '../users/users.repo';
import type { LoginRateLimiter } from './login-rate-limit';
import { assertNewPassword } from './password-input';
import * as passwordResetRepo from './password-reset.repo';
import * as sessionsRepo from './sessions.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { users: usersRepo, sessions: sessionsRepo, passwordReset: passwordResetRepo };
export type PasswordChangeRepositories = typeof REPOSITORIES;
export type PasswordChangeDeps = {
  db: Database;
  /** Tells the user's other live feeds that their sessions ended. */
  signals: ControlPublisher;
  /** The sign-in limits, applied to guesses of the old password. */
  limiter: LoginRateLimiter;
  now?: () => Date;
  repos?: PasswordChangeRepositories;
};

/** accounts/password/change/ (A section 7). */
export class PasswordChangeService {
  private readonly repos: PasswordChangeRepositories;

  constructor(private readonly deps: PasswordChangeDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /**
   * POST accounts/password/change/: the signed-in user proves the old password and picks a new one.
   * Every other session of the user ends (this one stays), and reset links already sent stop working.
   */
  async change(auth: AuthContext, input: PasswordChange, ip: string): Promise<void> {
    const now = this.deps.now?.() ?? new Date();
    const { limiter } = this.deps;
    const { user, session } = auth;
    // A stolen session must not become a way to guess the password: the sign-in limits apply.
    const account = `user:${user.id}`;
    const retryAfter = await limiter.retryAfterSeconds(account, ip);
    if (retryAfter > 0) {
      throw new AppError('rate_limited', PASSWORD_MESSAGES.tooManyAttempts, undefined, retryAfter);
    }
    const isOldPasswordRight = await verifyPassword(user.passwordHash, input.old_password);
    await limiter.recordAttempt(account, ip, isOldPasswordRight);
    if (!isOldPasswordRight) {
      throw AppError.validation({ old_password: [PASSWORD_MESSAGES.wrongOldPassword] });
    }
    const values = { password: input.new_password1, confirmation: input.new_password2 };
    assertNewPassword(values, user, { password: 'new_password1', confirmation: 'new_password2' });
    const passwordHash = await hashPassword(input.new_password1);
    await this.deps.db.transaction(async (tx) => {
      await this.repos.users.updateUser(tx, user.id, { passwordHash, passwordChangedAt: now });
      await this.repos.sessions.revokeUserSessions(tx, user.id, now, session.id);
      await this.repos.passwordReset.useUpResetTokens(tx, user.id, now);
    });
    // Its live-feed sockets re-check: those of other sessions close, this session's stay.
    this.deps.signals.publishControl({ name: 'session-revoked', data: { userId: user.id } });
  }
}
