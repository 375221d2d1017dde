import { IdParamsSchema, MachineGraphListSchema } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import { DENIED_RESPONSES, JWT_SECURITY, plainJson } from '../../http/route-schemas';
import type { MachineGraphsService } from './machine-graphs.service';
import { requireVisualDashboard } from './visual-dashboard-access';

/** graphs/machine/{id}/ of M section 7 'Visual dashboard (api/v2)' (docs/visual-dashboard.md 'Machine activity'). */
export async function machineGraphsRoutes(
  app: FastifyInstance,
  options: { machineGraphs: MachineGraphsService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { machineGraphs } = options;

  api.get('/api/v2/graphs/machine/:id/', {
    onRequest: [app.authenticate, requireVisualDashboard],
    config: { heavyRead: true },
    serializerCompiler: plainJson,
    schema: {
      tags: ['visual dashboard'],
      summary:
        "The machine's 24-hour graphs: one per sensor group holding its bound sensors, only their series, in " +
        'M section 9 group order ([] without bound sensors)',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: MachineGraphListSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => machineGraphs.graphs(requireAuth(request).user, request.params.id),
  });
}
