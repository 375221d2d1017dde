import {
  ErrorDetailSchema,
  FlatpageCreateSchema,
  FlatpageListSchema,
  FlatpagePreviewResultSchema,
  FlatpagePreviewSchema,
  FlatpageSchema,
  FlatpageUpdateSchema,
  IdParamsSchema,
  PaginationQuerySchema,
  paginatedSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../access/authenticate';
import { pageOf, paginated } from '../../http/pagination';
import { AUTH_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { FlatpagesService } from './flatpages.service';
import { requireStaff } from './require-staff';

const tags = ['static pages'];
const BASE = '/api/v2/flatpages/';

/** Static pages: the public v2 get-flatpages/ and the staff CRUD under v2 flatpages/. */
export async function flatpagesRoutes(
  app: FastifyInstance,
  options: { flatpages: FlatpagesService },
): Promise<void> {
  const { flatpages } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = [app.authenticate, requireStaff];

  api.get('/api/v2/get-flatpages/', {
    schema: {
      tags,
      summary: 'Every static page with its sanitised HTML and CSS (public)',
      response: { 200: FlatpageListSchema },
    },
    handler: async () => flatpages.listPublic(),
  });

  api.get(BASE, {
    onRequest: staffOnly,
    schema: {
      tags,
      summary: 'Static pages, paginated (super user and OEM)',
      security: JWT_SECURITY,
      querystring: PaginationQuerySchema,
      response: { 200: paginatedSchema(FlatpageSchema), ...AUTH_RESPONSES },
    },
    handler: async (request) => {
      const page = pageOf(request.query);
      const { count, results } = await flatpages.listForStaff(requireAuth(request).user, page);
      return paginated(request, page, count, results);
    },
  });

  api.post(BASE, {
    onRequest: staffOnly,
    schema: {
      tags,
      summary: 'Add a static page; the content is sanitised, unsafe CSS is refused',
      security: JWT_SECURITY,
      body: FlatpageCreateSchema,
      response: { 201: FlatpageSchema, 400: ValidationErrorSchema, ...AUTH_RESPONSES },
    },
    handler: async (request, reply) => {
      const page = await flatpages.create(requireAuth(request).user, request.body);
      return reply.code(201).send(page);
    },
  });

  api.post(`${BASE}preview/`, {
    onRequest: staffOnly,
    schema: {
      tags,
      summary: 'What the content and CSS would be stored as, without storing (live preview)',
      security: JWT_SECURITY,
      body: FlatpagePreviewSchema,
      response: { 200: FlatpagePreviewResultSchema, 400: ValidationErrorSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => flatpages.preview(requireAuth(request).user, request.body),
  });

  api.get(`${BASE}:id/`, {
    onRequest: staffOnly,
    schema: {
      tags,
      summary: 'One static page',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: FlatpageSchema, 404: ErrorDetailSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => flatpages.get(requireAuth(request).user, request.params.id),
  });

  api.patch(`${BASE}:id/`, {
    onRequest: staffOnly,
    schema: {
      tags,
      summary: 'Change a static page (any subset of url, title, content, css)',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      body: FlatpageUpdateSchema,
      response: {
        200: FlatpageSchema,
        400: ValidationErrorSchema,
        404: ErrorDetailSchema,
        ...AUTH_RESPONSES,
      },
    },
    handler: async (request) => flatpages.edit(requireAuth(request).user, request.params.id, request.body),
  });

  api.delete(`${BASE}:id/`, {
    onRequest: staffOnly,
    schema: {
      tags,
      summary: 'Remove a static page',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 204: z.null().describe('Removed'), 404: ErrorDetailSchema, ...AUTH_RESPONSES },
    },
    handler: async (request, reply) => {
      await flatpages.remove(requireAuth(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
