import {
  IdParamSchema,
  IdParamsSchema,
  SchemaCloneSchema,
  SchemaPublishSchema,
  ValidationErrorSchema,
  VisualSchemaSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../access/authenticate';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { SchemasService } from './schemas.service';
import { requireVisualDashboard } from './visual-dashboard-access';

const tags = ['visual dashboard'];
const BASE = '/api/v2/schemas/';
const LocationQuerySchema = z.object({ location: IdParamSchema.describe('The site (location) id') });

/** schemas/ of M section 7 'Visual dashboard (api/v2)': versions per site, current, detail, publish, clone, delete. */
export async function schemasRoutes(
  app: FastifyInstance,
  options: { schemas: SchemasService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { schemas } = options;
  const onRequest = [app.authenticate, requireVisualDashboard];

  api.get(BASE, {
    onRequest,
    schema: {
      tags,
      summary: "The site's schemas (versions), newest change first, as a plain array",
      security: JWT_SECURITY,
      querystring: LocationQuerySchema,
      response: { 200: z.array(VisualSchemaSchema), 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => schemas.list(requireAuth(request).user, request.query.location),
  });

  api.get(`${BASE}current/`, {
    onRequest,
    schema: {
      tags,
      summary: "The site's current schema: its newest published one (404 when none is published)",
      security: JWT_SECURITY,
      querystring: LocationQuerySchema,
      response: { 200: VisualSchemaSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => schemas.current(requireAuth(request).user, request.query.location),
  });

  api.get(`${BASE}:id/`, {
    onRequest,
    schema: {
      tags,
      summary: 'A schema with its tabs and bound sensors',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: VisualSchemaSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => schemas.get(requireAuth(request).user, request.params.id),
  });

  api.delete(`${BASE}:id/`, {
    onRequest,
    schema: {
      tags,
      summary: "Delete an unpublished schema with its tabs (the site's editors)",
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 204: z.null().describe('Deleted'), 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      await schemas.remove(requireAuth(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  });

  api.post(`${BASE}:id/clone/`, {
    onRequest,
    schema: {
      tags,
      summary: 'Copy a schema (published or not) under a new name, unpublished (the site editors)',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      body: SchemaCloneSchema,
      response: { 201: VisualSchemaSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      const copy = await schemas.clone(requireAuth(request).user, request.params.id, request.body.name);
      return reply.code(201).send(copy);
    },
  });

  api.post(`${BASE}:id/publish/`, {
    onRequest,
    schema: {
      tags,
      summary: 'Publish an unpublished schema with a comment: it is frozen from then on (the site editors)',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      body: SchemaPublishSchema,
      response: { 200: VisualSchemaSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) =>
      schemas.publish(requireAuth(request).user, request.params.id, request.body.comment),
  });
}
