import {
  DeviceIdParamsSchema,
  HISTORY_RECORDS_LIMIT,
  HistoricalRecordParamsSchema,
  HistoricalRecordSchema,
  HistoricalRecordsQuerySchema,
  paginatedSchema,
  StateTreeSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import { pageOf, paginated } from '../../http/pagination';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { HistoryService } from './history.service';

const tags = ['devices'];
const BASE = '/api/v1/devices/:id/historical/records/';

/** Historical records of a device (state_records; docs/telemetry.md). Registered by devices.routes.ts. */
export async function historyRoutes(
  app: FastifyInstance,
  options: { history: HistoryService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { history } = options;

  api.get(BASE, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: "Records at and after a time of the site's timezone, oldest first",
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      querystring: HistoricalRecordsQuerySchema,
      response: {
        200: paginatedSchema(HistoricalRecordSchema),
        400: ValidationErrorSchema,
        ...DENIED_RESPONSES,
      },
    },
    handler: async (request) => {
      const page = pageOf(request.query, HISTORY_RECORDS_LIMIT);
      const { user } = requireAuth(request);
      const { count, results } = await history.listRecords(
        user,
        request.params.id,
        request.query.timestamp,
        page,
      );
      return paginated(request, page, count, results);
    },
  });

  api.get(`${BASE}:recordId/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'The state tree of one record (dashboard snapshot)',
      security: JWT_SECURITY,
      params: HistoricalRecordParamsSchema,
      response: { 200: StateTreeSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) =>
      history.getRecord(requireAuth(request).user, request.params.id, request.params.recordId),
  });
}
