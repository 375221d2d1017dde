import {
  IdParamsSchema,
  TabSavedSchema,
  TabSaveSchema,
  TabSchema,
  TabsOrderSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../access/authenticate';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { TabSaveService } from './tab-save.service';
import type { TabsService } from './tabs.service';
import { requireVisualDashboard } from './visual-dashboard-access';

const tags = ['visual dashboard'];
const BASE = '/api/v2/tabs/';

/** tabs/ and update-tabs-order/ of M section 7 'Visual dashboard (api/v2)'. */
export async function tabsRoutes(
  app: FastifyInstance,
  options: { tabs: TabsService; saves: TabSaveService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { tabs, saves } = options;
  const onRequest = [app.authenticate, requireVisualDashboard];
  const saved = { 400: ValidationErrorSchema, ...DENIED_RESPONSES };

  api.get(`${BASE}:id/`, {
    onRequest,
    schema: {
      tags,
      summary: 'A tab with its machines (bound sensors named), connectors, shapes and labels',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: TabSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => tabs.get(requireAuth(request).user, request.params.id),
  });

  api.post(BASE, {
    onRequest,
    schema: {
      tags,
      summary: 'Save a new tab whole (schema null with schema_name: in a new schema) (the site editors)',
      security: JWT_SECURITY,
      body: TabSaveSchema,
      response: { 201: TabSavedSchema, ...saved },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await saves.create(requireAuth(request).user, request.body)),
  });

  api.patch(`${BASE}:id/`, {
    onRequest,
    schema: {
      tags,
      summary: 'Replace a tab of an unpublished schema whole (the site editors)',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      body: TabSaveSchema,
      response: { 200: TabSavedSchema, ...saved },
    },
    handler: async (request) => saves.update(requireAuth(request).user, request.params.id, request.body),
  });

  api.delete(`${BASE}:id/`, {
    onRequest,
    schema: {
      tags,
      summary: 'Delete a tab of an unpublished schema (the site editors)',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 204: z.null().describe('Deleted'), ...saved },
    },
    handler: async (request, reply) => {
      await tabs.remove(requireAuth(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  });

  api.post(`${BASE}:id/clone/`, {
    onRequest,
    schema: {
      tags,
      summary:
        'Copy a tab of an unpublished schema to the end of its strip, machines without sensors (editors)',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 201: TabSavedSchema, ...saved },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await tabs.clone(requireAuth(request).user, request.params.id)),
  });

  api.post('/api/v2/update-tabs-order/', {
    onRequest,
    schema: {
      tags,
      summary: 'Set the places of the tabs of one unpublished schema (the site editors)',
      security: JWT_SECURITY,
      body: TabsOrderSchema,
      response: { 200: TabsOrderSchema, ...saved },
    },
    handler: async (request) => tabs.order(requireAuth(request).user, request.body),
  });
}
