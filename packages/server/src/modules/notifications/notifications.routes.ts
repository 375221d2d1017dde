import { Readable } from 'node:stream';
import {
  AcknowledgeBodySchema,
  DeviceIdParamsSchema,
  ErrorDetailSchema,
  HEAVY_NOTIFICATION_PAGE_ROWS,
  NotificationIdParamsSchema,
  NotificationItemSchema,
  NotificationPageSchema,
  NotificationQuerySchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../access/authenticate';
import { paginated } from '../../http/pagination';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { NotificationsService } from './notifications.service';

const tags = ['notifications'];

/** A page of more than HEAVY_NOTIFICATION_PAGE_ROWS rows counts as a heavy read (http/heavy-reads.ts). */
const isLongPage = (request: FastifyRequest) =>
  ((request.query as { limit?: number }).limit ?? 0) > HEAVY_NOTIFICATION_PAGE_ROWS;

/** notifications/, active-count/, read/, export/ and {id}/acknowledge/ (M section 7; docs/notifications.md). */
export async function notificationsRoutes(
  app: FastifyInstance,
  options: { notifications: NotificationsService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { notifications } = options;

  api.get('/api/v1/notifications/', {
    onRequest: app.authenticate,
    config: { heavyRead: isLongPage },
    schema: {
      tags,
      summary: 'The notifications of the sites the person sees, newest first (paginated, 20 rows by default)',
      security: JWT_SECURITY,
      querystring: NotificationQuerySchema,
      response: { 200: NotificationPageSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => {
      const { page, count, results } = await notifications.list(requireAuth(request).user, request.query);
      return paginated(request, page, count, results);
    },
  });

  api.get('/api/v1/notifications/active-count/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: "The person's unread notifications (the header badge), a bare number counted up to 1000",
      security: JWT_SECURITY,
      response: { 200: z.number().int(), ...DENIED_RESPONSES },
    },
    handler: async (request) => notifications.unreadCount(requireAuth(request).user),
  });

  api.post('/api/v1/notifications/read/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Marks every notification up to now read (opening /notifications/all clears the unread flag)',
      security: JWT_SECURITY,
      response: { 204: z.null(), ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      await notifications.markRead(requireAuth(request).user);
      return reply.code(204).send(null);
    },
  });

  api.get('/api/v1/notifications/export/', {
    onRequest: app.authenticate,
    config: { heavyRead: true },
    schema: {
      tags,
      summary: 'notifications.csv of the same query (a date bound required; at most 30 days), streamed',
      security: JWT_SECURITY,
      querystring: NotificationQuerySchema,
      produces: ['text/csv'],
    },
    handler: async (request, reply) => {
      const lines = await notifications.exportCsv(requireAuth(request).user, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="notifications.csv"')
        .header('Cache-Control', 'no-store')
        .send(Readable.from(lines, { objectMode: false }));
    },
  });

  api.post('/api/v1/devices/:id/test-notification/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary:
        "Sends a 'test' notification of the device through the log and the 'Test Email' e-mail rules (202); one a minute per person and device (429 with Retry-After)",
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      response: { 202: ErrorDetailSchema, ...DENIED_RESPONSES, 429: ErrorDetailSchema },
    },
    handler: async (request, reply) => {
      await notifications.sendTest(requireAuth(request).user, request.params.id);
      return reply.code(202).send({ detail: 'Test notification sent.' });
    },
  });

  api.post('/api/v1/notifications/:id/acknowledge/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Acknowledges an active alarm or warning, with an optional comment (beyond the spec)',
      security: JWT_SECURITY,
      params: NotificationIdParamsSchema,
      body: AcknowledgeBodySchema,
      response: { 200: NotificationItemSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) =>
      notifications.acknowledge(requireAuth(request).user, request.params.id, request.body.comment),
  });
}
