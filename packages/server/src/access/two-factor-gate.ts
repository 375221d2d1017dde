import { TWO_FACTOR_MESSAGES } from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import type { AuthContext } from './authentication';
import { getTwoFactorState, type TwoFactorState } from './two-factor-state.repo';

/**
 * What a gated session may still call (A section 2 'Gating'): the self-service two-factor calls, me/
 * and logout. disable_2FA_via_id/ acts on another user, so it is not among them.
 */
export const GATE_EXEMPT_ROUTES: ReadonlySet<string> = new Set([
  '/api/v1/2fa/setup_2fa/',
  '/api/v1/2fa/retrieve-code/',
  '/api/v1/2fa/verify_2fa/',
  '/api/v1/2fa/is_2fa_required/',
  '/api/v1/2fa/disable-2FA/',
  '/api/v1/me/',
  '/api/v2/me/',
  '/api/v1/accounts/logout/',
  '/api/v2/rest-auth/logout/',
]);

/** A registered device not yet verified in this session, or a client's requirement not yet met. */
export function isGated(state: TwoFactorState, isSessionVerified: boolean): boolean {
  return (state.isRegistered && !isSessionVerified) || (state.isRequired && !state.isRegistered);
}

/** Throws 403 'Two-factor authentication required.' while the session is gated by this state. */
function assertStatePassesGate(state: TwoFactorState, isSessionVerified: boolean): void {
  // A verified session implies a confirmed device (deleteDevice withdraws the flag), so nothing blocks it.
  if (!isSessionVerified && isGated(state, false)) {
    throw new AppError('forbidden', TWO_FACTOR_MESSAGES.required);
  }
}

/** Throws 403 'Two-factor authentication required.' while the session is gated, reading the state anew. */
export async function assertPassesGate(db: Database, { user, session }: AuthContext): Promise<void> {
  if (!session.is2faVerified) {
    assertStatePassesGate(await getTwoFactorState(db, user.id), false);
  }
}

/** The check app.authenticate runs after every accepted token. */
export function createTwoFactorGate() {
  return async (request: FastifyRequest, context: AuthContext): Promise<void> => {
    if (GATE_EXEMPT_ROUTES.has(request.routeOptions.url ?? '')) {
      return;
    }
    // The state was read in the same statement as the session (findLiveSessionsWithUser).
    assertStatePassesGate(context.twoFactor, context.session.is2faVerified);
  };
}
