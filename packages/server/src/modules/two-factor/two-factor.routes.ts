import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Routes of this domain; filled in by its step-2 work. */
export async function twoFactorRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
