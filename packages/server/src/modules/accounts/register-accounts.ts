import type { FastifyInstance } from 'fastify';
import type { SessionAuthenticator } from '../../access/authentication';
import type { AppContext } from '../../context';
import { accountsRoutes } from './accounts.routes';
import type { AccountsService } from './accounts.service';
import { DEFAULT_LOGIN_RATE_LIMITS, LoginRateLimiter } from './login-rate-limit';
import { MeService } from './me.service';
import { passwordRoutes } from './password.routes';
import { PasswordChangeService } from './password-change.service';
import { PasswordResetService } from './password-reset.service';
import { ResetRateLimiter } from './reset-rate-limit';

/** What the accounts domain adds to the context: the service that opens sessions (registration uses it too). */
export type AccountsContext = AppContext & { accounts: AccountsService; authenticator: SessionAuthenticator };

/** Accounts (A sections 3-4): sign-in, sign-out, me/, password change and reset. */
export async function registerAccounts(app: FastifyInstance, ctx: AccountsContext): Promise<void> {
  const { accounts, authenticator, config, db, mailer, bus, limits } = ctx;
  await app.register(accountsRoutes, { accounts, authenticator, me: new MeService({ db }) });
  // Guesses of the old password count apart from sign-in's (their own counters, default limits).
  const oldPasswordLimiter = new LoginRateLimiter(limits, DEFAULT_LOGIN_RATE_LIMITS, 'password-change');
  const passwordChange = new PasswordChangeService({ db, signals: bus, limiter: oldPasswordLimiter });
  const passwordReset = new PasswordResetService({
    config,
    db,
    mailer,
    signals: bus,
    limiter: new ResetRateLimiter(limits),
  });
  await app.register(passwordRoutes, { passwordChange, passwordReset });
}
