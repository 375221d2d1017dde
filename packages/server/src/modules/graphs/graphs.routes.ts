import {
  GRAPH_EVENT_KINDS,
  GRAPH_MESSAGES,
  GraphDeviceParamsSchema,
  GraphSchema,
  GraphsLiveQuerySchema,
  GraphsQuerySchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../access/authenticate';
import { AppError } from '../../errors';
import { issuesToFields } from '../../http/error-handler';
import { DENIED_RESPONSES, JWT_SECURITY, plainJson } from '../../http/route-schemas';
import { sendJson } from './graph-compress';
import type { GraphsService } from './graphs.service';

const tags = ['graphs'];

const DeviceGraphsSchema = z
  .object({
    device: z.number().int(),
    device_name: z.string(),
    device_type: z.string(),
    graphs: z.record(z.string(), GraphSchema).describe('Keyed by dotted group path, in M section 9 order'),
  })
  .describe('docs/graphs.md');

const GraphEventSchema = z.object({
  kind: z.enum(GRAPH_EVENT_KINDS),
  at: z.number().describe('Epoch ms'),
  sensor: z.string().nullable().describe('Full dotted sensor id; null for device-wide events'),
  label: z.string(),
});

const EventsQuerySchema = GraphsQuerySchema.pick({ from: true, to: true });

/** Query problems in words a person understands (the schema's own texts name types, not choices). */
const FIELD_MESSAGES: Record<string, string> = {
  from: GRAPH_MESSAGES.rangeInvalid,
  to: GRAPH_MESSAGES.rangeInvalid,
  since: 'Send since as epoch milliseconds.',
};

/** A bad query string is a 400 with our texts; bad params (the device id) keep the schema's. */
function refuseInvalidQuery(request: FastifyRequest): void {
  const invalid = request.validationError;
  if (invalid === undefined) {
    return;
  }
  const fields = issuesToFields(invalid.validation);
  if (invalid.validationContext === 'querystring') {
    for (const field of Object.keys(fields)) {
      const message = FIELD_MESSAGES[field];
      if (message !== undefined) {
        fields[field] = [message];
      }
    }
  }
  throw AppError.validation(fields);
}

/** graphs/device/{id}/, live-update/ and events/ (M section 7 'Graphs'; docs/graphs.md). */
export async function graphsRoutes(app: FastifyInstance, options: { graphs: GraphsService }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { graphs } = options;

  api.get('/api/v1/graphs/device/:id/', {
    onRequest: app.authenticate,
    config: { heavyRead: true },
    attachValidation: true,
    serializerCompiler: plainJson,
    schema: {
      tags,
      summary:
        "The device's graphs: ?timescale=hour|day|week|month (ending now, default day), ?timestamp= " +
        '(historical, site time) or ?from=&to= (epoch ms, at most 31 days)',
      security: JWT_SECURITY,
      params: GraphDeviceParamsSchema,
      querystring: GraphsQuerySchema,
      response: { 200: DeviceGraphsSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      refuseInvalidQuery(request);
      const json = await graphs.deviceGraphsJson(requireAuth(request).user, request.params.id, request.query);
      return sendJson(request, reply, json);
    },
  });

  api.get('/api/v1/graphs/device/:id/live-update/', {
    onRequest: app.authenticate,
    attachValidation: true,
    serializerCompiler: plainJson,
    schema: {
      tags,
      summary:
        'Points after ?since= (epoch ms), or the last 10 minutes; every graph and series in the order of ' +
        'the full call (appended by series position)',
      security: JWT_SECURITY,
      params: GraphDeviceParamsSchema,
      querystring: GraphsLiveQuerySchema,
      response: { 200: DeviceGraphsSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => {
      refuseInvalidQuery(request);
      return graphs.liveUpdate(requireAuth(request).user, request.params.id, request.query.since);
    },
  });

  api.get('/api/v1/graphs/device/:id/events/', {
    onRequest: app.authenticate,
    attachValidation: true,
    schema: {
      tags,
      summary:
        'Alarm, warning, offline and maintenance marks for the time axis, ?from=&to= (epoch ms, default ' +
        'the last day, at most 31 days); the newest 500, oldest first',
      security: JWT_SECURITY,
      params: GraphDeviceParamsSchema,
      querystring: EventsQuerySchema,
      response: { 200: z.array(GraphEventSchema), 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => {
      refuseInvalidQuery(request);
      return graphs.events(requireAuth(request).user, request.params.id, request.query);
    },
  });
}
