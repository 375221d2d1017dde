import {
  ErrorDetailSchema,
  IdParamsSchema,
  paginatedSchema,
  SITES_LIST_LIMIT,
  SiteCreateSchema,
  SiteListQuerySchema,
  SiteSchema,
  SiteUpdateSchema,
  SiteV2Schema,
  TimezoneListSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../access/authenticate';
import { pageOf, paginated } from '../../http/pagination';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { SitesService } from './sites.service';
import { listTimezones } from './timezones';

const tags = ['sites'];
const BASE = '/api/v1/locations/';

/** locations/ (sites) and timezones/ of A section 7. */
export async function sitesRoutes(app: FastifyInstance, options: { sites: SitesService }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { sites } = options;

  api.get(BASE, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Sites of the current client that the user may see (staff may pass client)',
      security: JWT_SECURITY,
      querystring: SiteListQuerySchema,
      response: { 200: paginatedSchema(SiteSchema), 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => {
      const { user } = requireAuth(request);
      const { is_active, ordering, client } = request.query;
      const page = pageOf(request.query, SITES_LIST_LIMIT);
      const { count, results } = await sites.list(user, { isActive: is_active, ordering, client }, page);
      return paginated(request, page, count, results);
    },
  });

  api.get('/api/v2/locations/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary:
        'The same sites as a plain array (first 1000), each with its published visual-dashboard schema',
      security: JWT_SECURITY,
      querystring: SiteListQuerySchema.omit({ limit: true, offset: true }),
      response: { 200: z.array(SiteV2Schema), 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => {
      const { is_active, ordering, client } = request.query;
      return sites.listWithSchemas(requireAuth(request).user, { isActive: is_active, ordering, client });
    },
  });

  api.post(BASE, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Add a site to the current client',
      security: JWT_SECURITY,
      body: SiteCreateSchema,
      response: { 201: SiteSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      const site = await sites.create(requireAuth(request).user, request.body);
      return reply.code(201).send(site);
    },
  });

  api.get(`${BASE}:id/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'One site',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: SiteSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => sites.get(requireAuth(request).user, request.params.id),
  });

  api.patch(`${BASE}:id/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Change a site (editors of the site)',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      body: SiteUpdateSchema,
      response: { 200: SiteSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => sites.update(requireAuth(request).user, request.params.id, request.body),
  });

  api.delete(`${BASE}:id/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: "Remove a site (staff and the client's accounts management)",
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 204: z.null().describe('Removed'), ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      await sites.remove(requireAuth(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  });

  api.post(`${BASE}:id/suspend/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Deactivate or reactivate a site (toggles is_suspended)',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: SiteSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => sites.toggleSuspended(requireAuth(request).user, request.params.id),
  });

  api.post(`${BASE}:id/select/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Make the site (and its client) the current ones',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: SiteSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => sites.select(requireAuth(request).user, request.params.id),
  });

  api.get('/api/v1/timezones/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'IANA timezone names for the site form',
      security: JWT_SECURITY,
      response: { 200: TimezoneListSchema, 401: ErrorDetailSchema },
    },
    handler: async () => [...listTimezones()],
  });
}
