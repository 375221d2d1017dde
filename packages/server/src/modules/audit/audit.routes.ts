import { Readable } from 'node:stream';
import {
  AuditPageSchema,
  AuditPeopleSchema,
  AuditQuerySchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import { paginated } from '../../http/pagination';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { AuditService } from './audit.service';

const tags = ['audit'];

/**
 * audit/, audit/people/ and audit/export/ (docs/audit.md). Reads only: the trail has no route that changes or
 * deletes a record (PUT, PATCH, DELETE and POST answer 404 as any unknown call).
 */
export async function auditRoutes(app: FastifyInstance, options: { audit: AuditService }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { audit } = options;

  api.get('/api/v1/audit/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary:
        'The audit trail the reader may see (managers: their sites; accounts administrators: their client; staff: all), newest first (paginated, 25 by default)',
      security: JWT_SECURITY,
      querystring: AuditQuerySchema,
      response: { 200: AuditPageSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => {
      const { page, count, results } = await audit.list(requireAuth(request).user, request.query);
      return paginated(request, page, count, results);
    },
  });

  api.get('/api/v1/audit/people/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'The people with records the reader sees in the last 90 days (the Person filter)',
      security: JWT_SECURITY,
      response: { 200: AuditPeopleSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => audit.people(requireAuth(request).user),
  });

  api.get('/api/v1/audit/export/', {
    onRequest: app.authenticate,
    config: { heavyRead: true },
    schema: {
      tags,
      summary: 'audit.csv of the same query (a date bound required; at most 30 days), streamed',
      security: JWT_SECURITY,
      querystring: AuditQuerySchema,
      produces: ['text/csv'],
    },
    handler: async (request, reply) => {
      const lines = await audit.exportCsv(requireAuth(request).user, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="audit.csv"')
        .header('Cache-Control', 'no-store')
        .send(Readable.from(lines, { objectMode: false }));
    },
  });
}
