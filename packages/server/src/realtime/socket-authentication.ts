import type { AuthContext, Authenticator } from '../access/authentication';
import { assertPassesGate } from '../access/two-factor-gate';
import type { Database } from '../db/database';

/**
 * A live socket's token check, as app.authenticate does it for a request: the token's live session, then the
 * two-factor gate (a gated session's socket is refused like a bad token). Undefined closes the socket 4401.
 */
export function createSocketAuthentication(deps: { authenticator: Authenticator; db: Database }) {
  return async (token: string): Promise<AuthContext | undefined> => {
    const context = token === '' ? undefined : await deps.authenticator.authenticate(token);
    if (context === undefined) {
      return undefined;
    }
    try {
      await assertPassesGate(deps.db, context);
    } catch {
      return undefined;
    }
    return context;
  };
}
