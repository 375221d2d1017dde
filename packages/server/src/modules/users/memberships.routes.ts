import {
  IdParamsSchema,
  MembershipCreateSchema,
  MembershipSchema,
  MembershipUpdateSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { MembershipsService } from './memberships.service';

const tags = ['users'];

/** membership/ and membership/{id}/ of A section 7: a person's access and permission at one site. */
export function registerMembershipRoutes(app: FastifyInstance, memberships: MembershipsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/v1/membership/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: "Give a person of the site's client access to the site (editors of the site)",
      security: JWT_SECURITY,
      body: MembershipCreateSchema,
      response: { 201: MembershipSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      const membership = await memberships.create(requireAuth(request).user, request.body);
      return reply.code(201).send(membership);
    },
  });

  api.patch('/api/v1/membership/:id/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Change access or permission at a site (editors of the site)',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      body: MembershipUpdateSchema,
      response: { 200: MembershipSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) =>
      memberships.update(requireAuth(request).user, request.params.id, request.body),
  });
}
