import {
  DeviceIdParamsSchema,
  PaginationQuerySchema,
  ValidationErrorSchema,
  WARNINGS_PAGE_SIZE,
  WarningsPageSchema,
  WarningsSaveSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import { AppError } from '../../errors';
import { issuesToFields } from '../../http/error-handler';
import { listFieldErrors } from '../../http/list-field-errors';
import { pageOf, paginated } from '../../http/pagination';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { WarningsService } from './warnings.service';

const tags = ['warnings'];

/** devices/{id}/settings/warnings/ of M section 7 (docs/warnings.md). */
export async function warningsRoutes(
  app: FastifyInstance,
  options: { warnings: WarningsService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { warnings } = options;

  api.get('/api/v1/devices/:id/settings/warnings/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: "The device's warnings with the sensor's name and unit from the latest tree (paginated)",
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      querystring: PaginationQuerySchema,
      response: { 200: WarningsPageSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => {
      const page = pageOf(request.query, WARNINGS_PAGE_SIZE);
      const { count, results } = await warnings.list(requireAuth(request).user, request.params.id, page);
      return paginated(request, page, count, results);
    },
  });

  api.post('/api/v1/devices/:id/settings/warnings/', {
    onRequest: app.authenticate,
    // Access is checked before the body: a person who may not edit is told so, whatever they sent.
    attachValidation: true,
    schema: {
      tags,
      summary: "Replace the device's whole list of warnings; answers the new list (201)",
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      body: WarningsSaveSchema,
      response: { 201: WarningsPageSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      const invalid = request.validationError;
      if (invalid !== undefined && invalid.validationContext !== 'body') {
        throw AppError.validation(issuesToFields(invalid.validation));
      }
      const device = await warnings.editableDevice(requireAuth(request).user, request.params.id);
      if (invalid !== undefined) {
        throw AppError.validation(listFieldErrors(invalid.validation));
      }
      const { count, results } = await warnings.save(device, request.body);
      return reply.code(201).send({ count, next: null, previous: null, results });
    },
  });
}
