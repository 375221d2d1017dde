import {
  GRAPH_MESSAGES,
  GraphArrangementInputSchema,
  GraphDeviceParamsSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../access/authenticate';
import { AppError } from '../../errors';
import { issuesToFields } from '../../http/error-handler';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { F500NodesService } from './f500-nodes.service';
import { ARRANGEMENT_MESSAGES } from './graph-arrangement';
import type { GraphArrangementService } from './graph-arrangement.service';

const tags = ['graphs'];

const F500NodeSchema = z.object({
  number: z.number().int().describe('Node number (F500-UDF: network × 1000 + node)'),
  formated_number: z
    .string()
    .describe("Two-digit node number ('03'); F500-UDF adds the network: '03 (Network 2)'"),
  key: z.string().describe('Beyond the wire: the graph key (dotted group path) of the node'),
  sensors: z.array(
    z.object({
      id: z.union([z.number(), z.string()]).describe('Sensor Id as the tree gives it'),
      name: z.string().describe('Custom name, or the Name in the tree'),
    }),
  ),
});

const GraphArrangementSchema = z.object({
  nodes: z.array(
    z.object({
      node: z.number().int(),
      sensors: z.array(z.string()).describe('Chosen sensor Ids; empty: the whole node'),
    }),
  ),
});

/** Body problems in words a person understands (the schema's own texts name types, not choices). */
const FIELD_MESSAGES: Record<string, string> = {
  node: ARRANGEMENT_MESSAGES.nodeInvalid,
  sensor: ARRANGEMENT_MESSAGES.sensorInvalid,
  graph_type: ARRANGEMENT_MESSAGES.graphTypeInvalid,
};

function arrangementFieldErrors(issues: Parameters<typeof issuesToFields>[0]): Record<string, string[]> {
  const fields = issuesToFields(issues);
  for (const field of Object.keys(fields)) {
    const message = FIELD_MESSAGES[field];
    if (message !== undefined) {
      fields[field] = [message];
    }
  }
  return fields;
}

/** The F500 side panel (M sections 2 and 7; docs/graphs.md 'F500 panel'): nodes and the person's selection. */
export async function graphPanelRoutes(
  app: FastifyInstance,
  options: { nodes: F500NodesService; arrangement: GraphArrangementService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { nodes, arrangement } = options;

  api.get('/api/v1/graphs/device/:id/f500-nodes/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: `Nodes of an F500 or F500-UDF from its latest tree, with their sensors ([] before the first tree); other types: 400 '${GRAPH_MESSAGES.notF500}'`,
      security: JWT_SECURITY,
      params: GraphDeviceParamsSchema,
      response: { 200: z.array(F500NodeSchema), 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => nodes.list(requireAuth(request).user, request.params.id),
  });

  api.get('/api/v1/graphs/device/:id/f500-arrangement/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: "Beyond the spec: the person's panel selection for the device (restores the checkboxes)",
      security: JWT_SECURITY,
      params: GraphDeviceParamsSchema,
      response: { 200: GraphArrangementSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => arrangement.get(requireAuth(request).user, request.params.id),
  });

  api.post('/api/v1/graphs/device/:id/f500-update-arrangement/', {
    onRequest: app.authenticate,
    // Access is checked before the body: a person who may not see the device learns nothing from a 400.
    attachValidation: true,
    schema: {
      tags,
      summary:
        'Append (a node, or one of its sensors), delete or clean the panel selection, kept per person; 200',
      security: JWT_SECURITY,
      params: GraphDeviceParamsSchema,
      body: GraphArrangementInputSchema,
      response: { 200: GraphArrangementSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      const invalid = request.validationError;
      if (invalid !== undefined && invalid.validationContext !== 'body') {
        throw AppError.validation(issuesToFields(invalid.validation));
      }
      const { user } = requireAuth(request);
      await nodes.panelDevice(user, request.params.id);
      if (invalid !== undefined) {
        throw AppError.validation(arrangementFieldErrors(invalid.validation));
      }
      return reply.code(200).send(await arrangement.update(user, request.params.id, request.body));
    },
  });
}
