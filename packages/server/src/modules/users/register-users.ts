import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { MembershipsService } from './memberships.service';
import { usersRoutes } from './users.routes';

/** Assigned users and memberships (A section 8): who may see and change which site. */
export async function registerUsers(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const memberships = new MembershipsService({ db: ctx.db, signals: ctx.bus });
  await app.register(usersRoutes, { ctx, memberships });
}
