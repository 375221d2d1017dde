import { SearchSensorItemSchema, SearchSensorQuerySchema, ValidationErrorSchema } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../access/authenticate';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { SearchSensorService } from './search-sensor.service';
import { requireVisualDashboard } from './visual-dashboard-access';

/** search-sensor/ of M section 7 'Visual dashboard (api/v2)': the sensors a machine point may be bound to. */
export async function searchSensorRoutes(
  app: FastifyInstance,
  options: { searchSensor: SearchSensorService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { searchSensor } = options;

  api.get('/api/v2/search-sensor/', {
    onRequest: [app.authenticate, requireVisualDashboard],
    schema: {
      tags: ['visual dashboard'],
      summary:
        "The sensors of the site's devices (latest trees) with the tabs where each is bound, a plain array of at most 200",
      security: JWT_SECURITY,
      querystring: SearchSensorQuerySchema,
      response: { 200: z.array(SearchSensorItemSchema), 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => searchSensor.search(requireAuth(request).user, request.query),
  });
}
