import {
  IdParamsSchema,
  ShelfParamsSchema,
  ShelfSchema,
  ShelveBodySchema,
  ShelvedSensorsSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import { type ShelvingService, toShelf } from './shelving.service';

const tags = ['shelving'];

/** locations/{id}/shelved-sensors/ (issue 27, docs/shelving.md). */
export async function shelvingRoutes(
  app: FastifyInstance,
  options: { shelving: ShelvingService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { shelving } = options;

  api.get('/api/v1/locations/:id/shelved-sensors/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: "The site's shelved sensors, the soonest to end first (every reader of the site)",
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: ShelvedSensorsSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => shelving.list(requireAuth(request).user, request.params.id),
  });

  api.post('/api/v1/locations/:id/shelved-sensors/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary:
        "Shelves a sensor's alarms for `minutes` or until `until` (5 minutes to 24 hours) with a reason; a shelf of the same sensor is replaced (the site's editors)",
      security: JWT_SECURITY,
      params: IdParamsSchema,
      body: ShelveBodySchema,
      response: { 201: ShelfSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      const change = await shelving.shelve(requireAuth(request).user, request.params.id, request.body);
      return reply.code(201).send(toShelf(change.after));
    },
  });

  api.post('/api/v1/locations/:id/shelved-sensors/:shelfId/unshelve/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: "Ends a shelf by hand: the sensor's alarms alert again (the site's editors)",
      security: JWT_SECURITY,
      params: ShelfParamsSchema,
      response: { 200: ShelfSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => {
      const change = await shelving.unshelve(
        requireAuth(request).user,
        request.params.id,
        request.params.shelfId,
      );
      return toShelf(change.after);
    },
  });
}
