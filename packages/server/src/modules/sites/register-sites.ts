import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { sitesRoutes } from './sites.routes';

/** Sites (A section 8): list, details, status and time zone of the sites a person may see. */
export async function registerSites(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(sitesRoutes, ctx);
}
