import {
  DeviceIdParamsSchema,
  DeviceProofTestsSchema,
  IdParamsSchema,
  SiteProofTestReportSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { ProofTestService } from './proof-tests.service';

const tags = ['proof-tests'];

/** Proof-test coverage of a device and the per-site test report (docs/proof-tests.md; beyond the spec). */
export async function proofTestsRoutes(
  app: FastifyInstance,
  options: { proofTests: ProofTestService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { proofTests } = options;

  api.get('/api/v1/devices/:id/proof-tests/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary:
        "Every alarm sensor of the device with its last successful test and due date (site's interval)",
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      response: { 200: DeviceProofTestsSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => proofTests.forDevice(requireAuth(request).user, request.params.id),
  });

  api.get('/api/v1/locations/:id/proof-tests/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary:
        'The test report of a site: every alarm sensor of every device, last successful test, due date',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: SiteProofTestReportSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => proofTests.forSite(requireAuth(request).user, request.params.id),
  });
}
