import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { usersRoutes } from './users.routes';

/** Assigned users and memberships (A section 8): who may see and change which site. */
export async function registerUsers(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(usersRoutes, ctx);
}
