import { randomUUID } from 'node:crypto';
import { LOGIN_MESSAGES, type LoginRequest, NON_FIELD_ERRORS } from '@vigil/contracts';
import { verifyPassword } from '../../access/passwords';
import type { SessionTokens } from '../../access/session-tokens';
import { CoalescedLookup } from '../../db/coalesced-lookup';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import type { ControlPublisher } from '../../realtime/control-events';
import { findUserByLogin, updateUser } from '../users/users.repo';
import type { LoginRateLimiter } from './login-rate-limit';
import { findLiveSessionsWithMe, type MeExtras } from './me.repo';
import { findLiveSessionsWithUser, insertSession, type LiveSession, revokeSession } from './sessions.repo';

/**
 * The signed-in user, the session and the user's two-factor state, all read in the same statement;
 * with me/'s extras when the route's lookup read them too (authenticateForMe).
 */
export type AuthContext = LiveSession & { me?: MeExtras };
export type RequestMeta = { ip: string; userAgent?: string };

export type AccountsDeps = {
  db: Database;
  tokens: SessionTokens;
  limiter: LoginRateLimiter;
  sessionTtlSeconds: number;
  /** Tells every instance's live feed that a session ended. */
  signals: ControlPublisher;
  now?: () => Date;
};

/**
 * Session lookups running at once (a pool of 10 keeps the rest for the routes' own queries), and sessions read
 * by one statement at most.
 */
const SESSION_LOOKUP = { maxInFlight: 2, maxBatch: 100 } as const;

/** Sign-in, sign-out and token authentication. */
export class AccountsService {
  private readonly now: () => Date;
  /**
   * Every authenticated request reads its session: requests that arrive while such reads run share the next
   * statement (db/coalesced-lookup.ts; never an answer read before the request came).
   */
  private readonly liveSessions: CoalescedLookup<string, AuthContext>;
  private readonly liveSessionsWithMe: CoalescedLookup<string, AuthContext>;

  constructor(private readonly deps: AccountsDeps) {
    this.now = deps.now ?? (() => new Date());
    this.liveSessions = new CoalescedLookup(
      (ids) => findLiveSessionsWithUser(deps.db, ids, this.now()),
      SESSION_LOOKUP,
    );
    this.liveSessionsWithMe = new CoalescedLookup<string, AuthContext>(
      (ids) => findLiveSessionsWithMe(deps.db, ids, this.now()),
      SESSION_LOOKUP,
    );
  }

  /** Checks the credentials and opens a session; the same message for every kind of failure. */
  async login(input: LoginRequest, meta: RequestMeta): Promise<{ token: string }> {
    const account = input.username.trim().toLowerCase();
    const retryAfter = this.deps.limiter.retryAfterSeconds(account, meta.ip);
    if (retryAfter > 0) {
      throw new AppError('rate_limited', LOGIN_MESSAGES.tooManyAttempts, undefined, retryAfter);
    }
    const user = await findUserByLogin(this.deps.db, account);
    const passwordOk = await verifyPassword(user?.passwordHash, input.password);
    const succeeded = user !== undefined && passwordOk && user.isActive;
    this.deps.limiter.recordAttempt(account, meta.ip, succeeded);
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
    await insertSession(this.deps.db, {
      id: sessionId,
      userId: user.id,
      expiresAt,
      ipAddress: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512),
    });
    await updateUser(this.deps.db, user.id, { lastLogin: now });
    return this.deps.tokens.sign({ userId: user.id, sessionId }, expiresAt);
  }

  /** The user and session behind a raw token, or undefined when it is invalid, expired or revoked. */
  async authenticate(token: string): Promise<AuthContext | undefined> {
    return this.authenticateBy(token, this.liveSessions);
  }

  /** authenticate, reading me/'s extras in the same statement. */
  async authenticateForMe(token: string): Promise<AuthContext | undefined> {
    return this.authenticateBy(token, this.liveSessionsWithMe);
  }

  private async authenticateBy(
    token: string,
    lookup: CoalescedLookup<string, AuthContext>,
  ): Promise<AuthContext | undefined> {
    const claims = await this.deps.tokens.verify(token);
    if (claims === undefined) {
      return undefined;
    }
    const found = await lookup.get(claims.sessionId);
    if (found === undefined || found.session.userId !== claims.userId || !found.user.isActive) {
      return undefined;
    }
    return found;
  }

  async logout(sessionId: string): Promise<void> {
    await revokeSession(this.deps.db, sessionId, this.now());
    this.deps.signals.publishControl({ name: 'session-revoked', data: { sessionId } });
  }
}
