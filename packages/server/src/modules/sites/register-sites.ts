import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { sitesRoutes } from './sites.routes';
import { SitesService } from './sites.service';

/** Sites (A section 8): list, details, status and time zone of the sites a person may see. */
export async function registerSites(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, bus, events } = ctx;
  await app.register(sitesRoutes, { sites: new SitesService({ db, bus, events }) });
}
