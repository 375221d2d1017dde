import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { twoFactorRoutes } from './two-factor.routes';

/** Two-factor authentication (A section 5): set-up, verification and removal. */
export async function registerTwoFactor(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(twoFactorRoutes, ctx);
}
