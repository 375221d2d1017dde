import { IdParamsSchema, LastTimeInAlarmSchema, MachineDetailSchema } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { MachineDetailService } from './machine-detail.service';
import { requireVisualDashboard } from './visual-dashboard-access';

/** machines/{id}/ and its last-time-in-alarm/ of M section 7 'Visual dashboard (api/v2)'. */
export async function machineDetailRoutes(
  app: FastifyInstance,
  options: { machineDetail: MachineDetailService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { machineDetail } = options;

  api.get('/api/v2/machines/:id/', {
    onRequest: [app.authenticate, requireVisualDashboard],
    schema: {
      tags: ['visual dashboard'],
      summary: 'A machine with its machine type (as an object), its schema with the site, and its tab',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: MachineDetailSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => machineDetail.get(requireAuth(request).user, request.params.id),
  });

  api.get('/api/v2/machines/:id/last-time-in-alarm/', {
    onRequest: [app.authenticate, requireVisualDashboard],
    schema: {
      tags: ['visual dashboard'],
      summary:
        "Full sensor id → the newest alarm notification (alarm_on or alarm_off) of each of the machine's bound sensors",
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: LastTimeInAlarmSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => machineDetail.lastTimeInAlarm(requireAuth(request).user, request.params.id),
  });
}
