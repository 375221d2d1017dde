import { CoalescedLookup } from '../db/coalesced-lookup';
import type { Database } from '../db/database';
import type { SessionRow } from '../db/tables/sessions.table';
import type { UserRow } from '../db/tables/users.table';
import { findLiveSessionsWithUser } from './live-sessions.repo';
import type { SessionTokens } from './session-tokens';
import type { TwoFactorState } from './two-factor-state.repo';

/** A live session with its user and the user's two-factor state, read in one statement. */
export type LiveSession = { session: SessionRow; user: UserRow; twoFactor: TwoFactorState };

/**
 * The signed-in user of a request or socket. `me` holds what a route's own session lookup read in the same
 * statement (me/'s extras): access does not know its shape, the accounts domain reads it (meExtrasOf).
 */
/** `address`: the request's (set by app.authenticate; its user carries it too, access/request-address.ts). */
export type AuthContext = LiveSession & { me?: unknown; address?: string };

/** Reads the live sessions among `ids` (many in one statement), keyed by session id. */
export type LiveSessionReader = (
  ids: readonly string[],
  now: Date,
) => Promise<ReadonlyMap<string, AuthContext>>;

/** The signed-in user behind a raw token, or undefined when it is invalid, expired or revoked. */
export type SessionLookup = (token: string) => Promise<AuthContext | undefined>;

/** What everything below the composition root needs of sign-in: a raw token to its signed-in user. */
export type Authenticator = { authenticate: SessionLookup };

export type SessionAuthenticatorDeps = { db: Database; tokens: SessionTokens; now?: () => Date };

/**
 * Session lookups running at once (a pool of 10 keeps the rest for the routes' own queries), and sessions read
 * by one statement at most.
 */
const SESSION_LOOKUP = { maxInFlight: 2, maxBatch: 100 } as const;

/** Token authentication: a signed token whose session is live and whose user is active. */
export class SessionAuthenticator implements Authenticator {
  private readonly now: () => Date;
  private readonly liveSessions: SessionLookup;

  constructor(private readonly deps: SessionAuthenticatorDeps) {
    this.now = deps.now ?? (() => new Date());
    this.liveSessions = this.createLookup((ids, now) => findLiveSessionsWithUser(deps.db, ids, now));
  }

  /** The user and session behind a raw token, or undefined when it is invalid, expired or revoked. */
  authenticate(token: string): Promise<AuthContext | undefined> {
    return this.liveSessions(token);
  }

  /**
   * A lookup that authenticates like `authenticate` but reads the sessions with `read` (a route's statement
   * that reads what it needs along with the session). Every authenticated request reads its session: requests
   * that arrive while such reads run share the next statement (db/coalesced-lookup.ts; never an answer read
   * before the request came).
   */
  createLookup(read: LiveSessionReader): SessionLookup {
    const sessions = new CoalescedLookup<string, AuthContext>((ids) => read(ids, this.now()), SESSION_LOOKUP);
    return async (token) => {
      const claims = await this.deps.tokens.verify(token);
      if (claims === undefined) {
        return undefined;
      }
      const found = await sessions.get(claims.sessionId);
      if (found === undefined || found.session.userId !== claims.userId || !found.user.isActive) {
        return undefined;
      }
      return found;
    };
  }
}
