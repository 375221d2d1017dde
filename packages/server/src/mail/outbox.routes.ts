import {
  ErrorDetailSchema,
  IdParamsSchema,
  OutboxListQuerySchema,
  OutboxMailDetailSchema,
  OutboxPageSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../access/authenticate';
import { paginated } from '../http/pagination';
import { AUTH_RESPONSES, JWT_SECURITY } from '../http/route-schemas';
import { assertSuperuser, type OutboxService } from './outbox.service';

const tags = ['outbox'];
const BASE = '/api/v1/outbox/';

/** onRequest check after app.authenticate: 403 before any validation. */
async function requireSuperuser(request: FastifyRequest): Promise<void> {
  assertSuperuser(requireAuth(request).user);
}

/** outbox/: every e-mail Vigil queued, for super users (design.md: the outbox when no SMTP server exists). */
export async function outboxRoutes(app: FastifyInstance, options: { outbox: OutboxService }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { outbox } = options;
  const superuserOnly = [app.authenticate, requireSuperuser];

  api.get(BASE, {
    onRequest: superuserOnly,
    schema: {
      tags,
      summary: 'Outgoing e-mail, newest first (super users)',
      security: JWT_SECURITY,
      querystring: OutboxListQuerySchema,
      response: { 200: OutboxPageSchema, 400: ValidationErrorSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => {
      const { page, count, results } = await outbox.list(requireAuth(request).user, request.query);
      return paginated(request, page, count, results);
    },
  });

  api.get(`${BASE}:id/`, {
    onRequest: superuserOnly,
    schema: {
      tags,
      summary: 'One message with its text and HTML bodies',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: OutboxMailDetailSchema, 404: ErrorDetailSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => outbox.get(requireAuth(request).user, request.params.id),
  });

  api.post(`${BASE}:id/retry/`, {
    onRequest: superuserOnly,
    schema: {
      tags,
      summary: 'Try a queued or failed message again now',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: {
        200: OutboxMailDetailSchema,
        400: ValidationErrorSchema,
        404: ErrorDetailSchema,
        ...AUTH_RESPONSES,
      },
    },
    handler: async (request) => outbox.retry(requireAuth(request).user, request.params.id),
  });
}
