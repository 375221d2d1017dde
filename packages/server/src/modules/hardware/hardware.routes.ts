import {
  DeviceIdParamsSchema,
  HardwareListQuerySchema,
  HardwareUnitCreateSchema,
  HardwareUnitSchema,
  paginatedSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../access/authenticate';
import { pageOf, paginated } from '../../http/pagination';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { HardwareService } from './hardware.service';

const tags = ['hardware'];
const BASE = '/api/v1/hardware/';

/** Hardware units provisioned by the manufacturer: super users and OEM only. */
export async function hardwareRoutes(
  app: FastifyInstance,
  options: { hardware: HardwareService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { hardware } = options;

  api.get(BASE, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Provisioned hardware units, newest first (staff)',
      security: JWT_SECURITY,
      querystring: HardwareListQuerySchema,
      response: { 200: paginatedSchema(HardwareUnitSchema), 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => {
      const page = pageOf(request.query);
      const { user } = requireAuth(request);
      const { count, results } = await hardware.list(user, request.query.search, page);
      return paginated(request, page, count, results);
    },
  });

  api.post(BASE, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Provision a hardware unit (staff)',
      security: JWT_SECURITY,
      body: HardwareUnitCreateSchema,
      response: { 201: HardwareUnitSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      const unit = await hardware.create(requireAuth(request).user, request.body);
      return reply.code(201).send(unit);
    },
  });

  api.delete(`${BASE}:id/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Remove a hardware unit no device uses (staff)',
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      response: { 204: z.null().describe('Removed'), 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      await hardware.remove(requireAuth(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
