import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { twoFactorRoutes } from './two-factor.routes';
import { TwoFactorService } from './two-factor.service';
import { VerifyRateLimiter } from './verify-rate-limit';

/** Two-factor authentication (A section 5): set-up, verification and removal. */
export async function registerTwoFactor(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const twoFactor = new TwoFactorService({
    db: ctx.db,
    encryptionKey: ctx.secrets.encryptionKey,
    limiter: new VerifyRateLimiter(ctx.limits),
  });
  await app.register(twoFactorRoutes, { twoFactor });
}
