import {
  ALERT_RULES_PAGE_SIZE,
  AlertRuleCreateSchema,
  AlertRuleListQuerySchema,
  AlertRulePatchSchema,
  AlertRuleSchema,
  AlertRulesPageSchema,
  ErrorDetailSchema,
  IdParamsSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../access/authenticate';
import { pageOf, paginated } from '../../http/pagination';
import { JWT_SECURITY } from '../../http/route-schemas';
import type { AlertRulesService } from './alert-rules.service';

const tags = ['alert-rules'];
const base = '/api/v1/notification-settings';
/** Every signed-in person has their own rules: no role is refused; another person's rule is 404. */
const OWN_RESPONSES = { 401: ErrorDetailSchema, 404: ErrorDetailSchema };

/** notification-settings/ of A section 7 (docs/alert-rules.md); `{id}` answers with and without the slash. */
export async function alertRulesRoutes(
  app: FastifyInstance,
  options: { alertRules: AlertRulesService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { alertRules } = options;

  api.get(`${base}/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: "The signed-in person's e-mail alert rules, newest first (paginated, 20 a page)",
      security: JWT_SECURITY,
      querystring: AlertRuleListQuerySchema,
      response: { 200: AlertRulesPageSchema, 400: ValidationErrorSchema, ...OWN_RESPONSES },
    },
    handler: async (request) => {
      const page = pageOf(request.query, ALERT_RULES_PAGE_SIZE);
      const { count, results } = await alertRules.list(requireAuth(request).user, request.query.search, page);
      return paginated(request, page, count, results);
    },
  });

  api.post(`${base}/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Add an e-mail alert rule of the signed-in person (201)',
      security: JWT_SECURITY,
      body: AlertRuleCreateSchema,
      response: { 201: AlertRuleSchema, 400: ValidationErrorSchema, ...OWN_RESPONSES },
    },
    handler: async (request, reply) => {
      const rule = await alertRules.create(requireAuth(request).user, request.body);
      return reply.code(201).send(rule);
    },
  });

  api.get(`${base}/:id/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'One rule of the signed-in person',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: AlertRuleSchema, 400: ValidationErrorSchema, ...OWN_RESPONSES },
    },
    handler: async (request) => alertRules.get(requireAuth(request).user, request.params.id),
  });

  api.patch(`${base}/:id/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Change fields of a rule; the merged rule is checked as a whole',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      body: AlertRulePatchSchema,
      response: { 200: AlertRuleSchema, 400: ValidationErrorSchema, ...OWN_RESPONSES },
    },
    handler: async (request) => alertRules.update(requireAuth(request).user, request.params.id, request.body),
  });

  api.delete(`${base}/:id/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Remove a rule of the signed-in person (204)',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 204: z.null().describe('Deleted'), 400: ValidationErrorSchema, ...OWN_RESPONSES },
    },
    handler: async (request, reply) => {
      await alertRules.remove(requireAuth(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
