import type { FastifyInstance } from 'fastify';
import type { SessionAuthenticator } from '../../access/authentication';
import type { AppContext } from '../../context';
import { accountsRoutes } from './accounts.routes';
import type { AccountsService } from './accounts.service';
import { passwordRoutes } from './password.routes';

/** What the accounts domain adds to the context: the service that opens sessions (registration uses it too). */
export type AccountsContext = AppContext & { accounts: AccountsService; authenticator: SessionAuthenticator };

/** Accounts (A sections 3-4): sign-in, sign-out, me/, password change and reset. */
export async function registerAccounts(app: FastifyInstance, ctx: AccountsContext): Promise<void> {
  await app.register(accountsRoutes, ctx);
  await app.register(passwordRoutes, ctx);
}
