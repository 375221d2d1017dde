import {
  DeviceIdParamsSchema,
  MaintenanceInfoSchema,
  MaintenanceRecordSchema,
  MaintenanceStepSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { MaintenanceService } from './maintenance.service';

const tags = ['maintenance'];

/** devices/{id}/get-maintenance-info/ and devices/{id}/maintenance/ of M section 7 (docs/maintenance.md). */
export async function maintenanceRoutes(
  app: FastifyInstance,
  options: { maintenance: MaintenanceService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { maintenance } = options;

  api.get('/api/v1/devices/:id/get-maintenance-info/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Every sensor of the latest tree by leaf Id: null, or its open maintenance test',
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      response: { 200: MaintenanceInfoSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => maintenance.getInfo(requireAuth(request).user, request.params.id),
  });

  api.post('/api/v1/devices/:id/maintenance/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Start, cancel or close a maintenance test; answers the step recorded (exactly 200)',
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      body: MaintenanceStepSchema,
      response: { 200: MaintenanceRecordSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) =>
      maintenance.submitStep(requireAuth(request).user, request.params.id, request.body),
  });
}
