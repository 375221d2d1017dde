import {
  ClientCreateSchema,
  ClientListQuerySchema,
  ClientSchema,
  ClientUpdateSchema,
  ErrorDetailSchema,
  IdParamsSchema,
  NextClientNumberSchema,
  paginatedSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../access/authenticate';
import { paginated } from '../../http/pagination';
import { AUTH_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { ClientsService } from './clients.service';

const tags = ['clients'];
const notFound = { 404: ErrorDetailSchema };

/** clients/ calls of A section 7. */
export async function clientsRoutes(
  app: FastifyInstance,
  options: { clients: ClientsService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { clients } = options;
  const base = '/api/v1/clients';

  api.get(`${base}/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Clients, 20 a page, searchable (staff: all; accounts management: their own)',
      security: JWT_SECURITY,
      querystring: ClientListQuerySchema,
      response: { 200: paginatedSchema(ClientSchema), 400: ValidationErrorSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => {
      const { page, count, results } = await clients.list(requireAuth(request).user, request.query);
      return paginated(request, page, count, results);
    },
  });

  api.get(`${base}/get-next-number/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'The account number to suggest for a new client (staff)',
      security: JWT_SECURITY,
      response: { 200: NextClientNumberSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => ({
      next_client_number: await clients.nextNumber(requireAuth(request).user),
    }),
  });

  api.post(`${base}/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Create a client; the person with its e-mail becomes its administrator (staff)',
      security: JWT_SECURITY,
      body: ClientCreateSchema,
      response: { 201: ClientSchema, 400: ValidationErrorSchema, ...AUTH_RESPONSES },
    },
    handler: async (request, reply) => {
      const client = await clients.create(requireAuth(request).user, request.body);
      return reply.code(201).send(client);
    },
  });

  api.get(`${base}/:id/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'One client (staff or its accounts management)',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: ClientSchema, ...AUTH_RESPONSES, ...notFound },
    },
    handler: async (request) => clients.get(requireAuth(request).user, request.params.id),
  });

  api.patch(`${base}/:id/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Update a client (staff; its accounts management for the contact fields)',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      body: ClientUpdateSchema,
      response: { 200: ClientSchema, 400: ValidationErrorSchema, ...AUTH_RESPONSES, ...notFound },
    },
    handler: async (request) => clients.update(requireAuth(request).user, request.params.id, request.body),
  });

  api.delete(`${base}/:id/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Delete a client with its sites (staff)',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 204: z.null().describe('Deleted'), ...AUTH_RESPONSES, ...notFound },
    },
    handler: async (request, reply) => {
      await clients.delete(requireAuth(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  });

  api.post(`${base}/:id/select/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Make the client the current one',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: ClientSchema, ...AUTH_RESPONSES, ...notFound },
    },
    handler: async (request) => clients.select(requireAuth(request).user, request.params.id),
  });
}
