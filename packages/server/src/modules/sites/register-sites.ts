import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { sitesRoutes } from './sites.routes';
import { type SitesDeps, SitesService } from './sites.service';

/**
 * Sites (A section 8): list, details, status and time zone of the sites a person may see. `publishedSchemas`
 * comes from the visual-dashboard domain, wired by app.ts so that sites depends on nothing above it.
 */
export async function registerSites(
  app: FastifyInstance,
  ctx: AppContext,
  options: Pick<SitesDeps, 'publishedSchemas'> = {},
): Promise<void> {
  const { db, bus, events } = ctx;
  const sites = new SitesService({ db, bus, events, publishedSchemas: options.publishedSchemas });
  await app.register(sitesRoutes, { sites });
}
