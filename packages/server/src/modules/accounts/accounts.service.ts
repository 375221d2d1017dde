import { randomUUID } from 'node:crypto';
import { LOGIN_MESSAGES, type LoginRequest, NON_FIELD_ERRORS } from '@vigil/contracts';
import { verifyPassword } from '../../access/passwords';
import type { SessionTokens } from '../../access/session-tokens';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import type { ControlPublisher } from '../../realtime/control-events';
import * as usersRepo from '../users/users.repo';
import type { LoginRateLimiter } from './login-rate-limit';
import * as sessionsRepo from './sessions.repo';

export type RequestMeta = { ip: string; userAgent?: string };

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { users: usersRepo, sessions: sessionsRepo };
export type AccountsRepositories = typeof REPOSITORIES;

export type AccountsDeps = {
  db: Database;
  tokens: SessionTokens;
  limiter: LoginRateLimiter;
  sessionTtlSeconds: number;
  /** Tells every instance's live feed that a session ended. */
  signals: ControlPublisher;
  now?: () => Date;
  repos?: AccountsRepositories;
};

/** Sign-in and sign-out (access/authentication.ts authenticates the tokens these sessions are signed into). */
export class AccountsService {
  private readonly now: () => Date;
  private readonly repos: AccountsRepositories;

  constructor(private readonly deps: AccountsDeps) {
    this.now = deps.now ?? (() => new Date());
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** Checks the credentials and opens a session; the same message for every kind of failure. */
  async login(input: LoginRequest, meta: RequestMeta): Promise<{ token: string }> {
    const account = input.username.trim().toLowerCase();
    const retryAfter = await this.deps.limiter.retryAfterSeconds(account, meta.ip);
    if (retryAfter > 0) {
      throw new AppError('rate_limited', LOGIN_MESSAGES.tooManyAttempts, undefined, retryAfter);
    }
    const user = await this.repos.users.findUserByLogin(this.deps.db, account);
    const passwordOk = await verifyPassword(user?.passwordHash, input.password);
    const succeeded = user !== undefined && passwordOk && user.isActive;
    await this.deps.limiter.recordAttempt(account, meta.ip, succeeded);
    if (!succeeded) {
      throw AppError.validation({ [NON_FIELD_ERRORS]: [LOGIN_MESSAGES.wrongCredentials] });
    }
    return { token: await this.openSession(user, meta) };
  }

  /** Opens a session for a user whose identity was proven another way (activation, password set). */
  async openSession(user: UserRow, meta: RequestMeta): Promise<string> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.deps.sessionTtlSeconds * 1000);
    const sessionId = randomUUID();
    await this.repos.sessions.insertSession(this.deps.db, {
      id: sessionId,
      userId: user.id,
      expiresAt,
      ipAddress: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512),
    });
    await this.repos.users.updateUser(this.deps.db, user.id, { lastLogin: now });
    return this.deps.tokens.sign({ userId: user.id, sessionId }, expiresAt);
  }

  async logout(sessionId: string): Promise<void> {
    await this.repos.sessions.revokeSession(this.deps.db, sessionId, this.now());
    this.deps.signals.publishControl({ name: 'session-revoked', data: { sessionId } });
  }
}
