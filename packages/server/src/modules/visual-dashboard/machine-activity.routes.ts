import { IdParamsSchema, MachineEventListSchema } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { MachineActivityService } from './machine-activity.service';
import { requireVisualDashboard } from './visual-dashboard-access';

/**
 * machines/{id}/notifications/ and maintenance/, schemas/{id}/notifications/ of M section 7 'Visual dashboard
 * (api/v2)': plain arrays of at most MACHINE_EVENT_LIMIT items, newest first (docs/visual-dashboard.md
 * 'Machine activity').
 */
export async function machineActivityRoutes(
  app: FastifyInstance,
  options: { activity: MachineActivityService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { activity } = options;
  const common = {
    onRequest: [app.authenticate, requireVisualDashboard],
    schema: {
      tags: ['visual dashboard'],
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: MachineEventListSchema, ...DENIED_RESPONSES },
    },
  };

  api.get('/api/v2/machines/:id/notifications/', {
    ...common,
    schema: {
      ...common.schema,
      summary:
        "The machine's Active Alarms: alarms and warnings of its bound sensors not cleared yet, newest first",
    },
    handler: async (request) => activity.machineAlarms(requireAuth(request).user, request.params.id),
  });

  api.get('/api/v2/machines/:id/maintenance/', {
    ...common,
    schema: {
      ...common.schema,
      summary:
        "The maintenance notifications of the machine's bound sensors of the last 30 days, newest first",
    },
    handler: async (request) => activity.machineMaintenance(requireAuth(request).user, request.params.id),
  });

  api.get('/api/v2/schemas/:id/notifications/', {
    ...common,
    schema: {
      ...common.schema,
      summary: 'The Active Alarms of every sensor bound in the schema (the live view), newest first',
    },
    handler: async (request) => activity.schemaAlarms(requireAuth(request).user, request.params.id),
  });
}
