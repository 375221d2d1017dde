import {
  EscalationPolicyBodySchema,
  EscalationPolicySchema,
  IdParamsSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { EscalationService } from './escalation.service';

const tags = ['escalation'];

/** locations/{id}/escalation-policy/ (issue 27, docs/escalation.md). */
export async function escalationRoutes(
  app: FastifyInstance,
  options: { escalation: EscalationService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { escalation } = options;

  api.get('/api/v1/locations/:id/escalation-policy/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary:
        "The site's escalation policy: up to three levels told when an alarm stays unacknowledged (every reader of the site)",
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: EscalationPolicySchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => escalation.get(requireAuth(request).user, request.params.id),
  });

  api.put('/api/v1/locations/:id/escalation-policy/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary:
        "Replaces the site's escalation policy (the site's managers, the client's accounts management, staff)",
      security: JWT_SECURITY,
      params: IdParamsSchema,
      body: EscalationPolicyBodySchema,
      response: { 200: EscalationPolicySchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => escalation.put(requireAuth(request).user, request.params.id, request.body),
  });
}
