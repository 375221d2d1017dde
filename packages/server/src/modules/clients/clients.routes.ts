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
import type { AppContext } from '../../context';
import { paginated } from '../../http/pagination';
import { AUTH_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import { deleteClient, getClient, getNextClientNumber, listClients, selectClient } from './clients.service';
import { createClient, updateClient } from './save-client';

const tags = ['clients'];
const notFound = { 404: ErrorDetailSchema };

/** clients/ calls of A section 7. */
export async function clientsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
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
      const { page, count, results } = await listClients(ctx.db, requireAuth(request).user, request.query);
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
      next_client_number: await getNextClientNumber(ctx.db, requireAuth(request).user),
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
      const client = await createClient(ctx, requireAuth(request).user, request.body);
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
    handler: async (request) => getClient(ctx.db, requireAuth(request).user, request.params.id),
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
    handler: async (request) => updateClient(ctx, requireAuth(request).user, request.params.id, request.body),
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
      await deleteClient(ctx.db, requireAuth(request).user, request.params.id, ctx.bus);
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
    handler: async (request) => selectClient(ctx.db, requireAuth(request).user, request.params.id),
  });
}
