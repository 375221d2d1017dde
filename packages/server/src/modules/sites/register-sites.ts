import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/tables/users.table';
import { publishedSchemasFor } from '../visual-dashboard/published-schemas';
import { sitesRoutes } from './sites.routes';
import { SitesService } from './sites.service';

/** Sites (A section 8): list, details, status and time zone of the sites a person may see. */
export async function registerSites(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, bus, events } = ctx;
  const publishedSchemas = (user: UserRow, locationIds: number[]) =>
    publishedSchemasFor(db, user, locationIds);
  await app.register(sitesRoutes, { sites: new SitesService({ db, bus, events, publishedSchemas }) });
}
