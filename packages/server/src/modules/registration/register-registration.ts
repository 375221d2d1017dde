import type { FastifyInstance } from 'fastify';
import type { AccountsContext } from '../accounts/register-accounts';
import { registrationRoutes } from './registration.routes';

/** Demo registration and account activation (A section 7); activation opens a session through accounts. */
export async function registerRegistration(app: FastifyInstance, ctx: AccountsContext): Promise<void> {
  await app.register(registrationRoutes, ctx);
}
