import { Readable } from 'node:stream';
import {
  GRAPH_EXPORT_DEFAULT_TIMESCALE,
  GraphDeviceParamsSchema,
  GraphsExportQuerySchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import { JWT_SECURITY } from '../../http/route-schemas';
import type { GraphExportService } from './graph-export.service';

/** GET graphs/device/{id}/export/ (M section 7; docs/graphs.md 'Export'): the graph's CSV, streamed. */
export async function graphExportRoutes(
  app: FastifyInstance,
  options: { exports: GraphExportService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { exports } = options;

  api.get('/api/v1/graphs/device/:id/export/', {
    onRequest: app.authenticate,
    config: { heavyRead: true },
    schema: {
      tags: ['graphs'],
      summary: `CSV of a graph (sensor_id = graph key) or of sensors (full id, or its last segment) over the timescale ending now (default ${GRAPH_EXPORT_DEFAULT_TIMESCALE}), streamed; file device_{id}_sensor_{sensor}_{timescale}_{date}_{time}.csv`,
      security: JWT_SECURITY,
      params: GraphDeviceParamsSchema,
      querystring: GraphsExportQuerySchema,
      produces: ['text/csv'],
      description:
        '400 for a bad timescale, a missing or unknown sensor; 404 for a device the person cannot see.',
    },
    handler: async (request, reply) => {
      const file = await exports.exportCsv(requireAuth(request).user, request.params.id, request.query);
      // The stream pulls the next page only when the socket took the previous one (backpressure).
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(Readable.from(file.chunks, { objectMode: false }));
    },
  });
}
