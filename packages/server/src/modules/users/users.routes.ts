import {
  ASSIGNED_USERS_PAGE_SIZE,
  AssignedUserCreatedSchema,
  AssignedUserCreateSchema,
  AssignedUserDetailSchema,
  AssignedUserListQuerySchema,
  AssignedUserReplaceSchema,
  AssignedUserSchema,
  AssignedUserUpdateSchema,
  ClientIdParamsSchema,
  DetailResponseSchema,
  IdParamsSchema,
  paginatedSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../access/authenticate';
import { pageOf, paginated } from '../../http/pagination';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import { registerMembershipRoutes } from './memberships.routes';
import type { MembershipsService } from './memberships.service';
import type { UsersCreateService } from './users-create.service';
import type { UsersReadService } from './users-read.service';
import type { UsersRemoveService } from './users-remove.service';
import type { UsersResendActivationService } from './users-resend-activation.service';
import type { UsersUpdateService } from './users-update.service';

/** The services of the users domain, one per operation (built in registerUsers). */
export type UsersRouteServices = {
  read: UsersReadService;
  create: UsersCreateService;
  update: UsersUpdateService;
  remove: UsersRemoveService;
  resendActivation: UsersResendActivationService;
  memberships: MembershipsService;
};

const tags = ['users'];
const USER = '/api/v1/users/:id/';

/** Assigned users of A section 7: clients/{id}/users/, users/, users/{id}/, resend-activation, membership/. */
export async function usersRoutes(app: FastifyInstance, services: UsersRouteServices): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/v1/clients/:clientId/users/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'People of a client (staff, its accounts management, its site editors read-only)',
      security: JWT_SECURITY,
      params: ClientIdParamsSchema,
      querystring: AssignedUserListQuerySchema,
      response: { 200: paginatedSchema(AssignedUserSchema), 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => {
      const { user } = requireAuth(request);
      const page = pageOf(request.query, ASSIGNED_USERS_PAGE_SIZE);
      const options = { siteId: request.query['with-location-membership'], filter: request.query.filter };
      const { count, results } = await services.read.list(user, request.params.clientId, options, page);
      return paginated(request, page, count, results);
    },
  });

  api.post('/api/v1/users/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Add a person to the client of the given sites; e-mails an activation link to a new one',
      security: JWT_SECURITY,
      body: AssignedUserCreateSchema,
      response: { 201: AssignedUserCreatedSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      const created = await services.create.create(requireAuth(request).user, request.body);
      return reply.code(201).send(created);
    },
  });

  api.get(USER, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'A person with their memberships',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: AssignedUserDetailSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => services.read.get(requireAuth(request).user, request.params.id),
  });

  for (const [method, body] of [
    ['put', AssignedUserReplaceSchema],
    ['patch', AssignedUserUpdateSchema],
  ] as const) {
    api[method](USER, {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          method === 'put'
            ? 'Replace profile (and memberships) of a person'
            : 'Change profile, roles or memberships',
        security: JWT_SECURITY,
        params: IdParamsSchema,
        body,
        response: { 200: AssignedUserDetailSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
      },
      handler: async (request) =>
        services.update.update(requireAuth(request).user, request.params.id, request.body),
    });
  }

  api.delete(USER, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Remove a person from the current client (staff and its accounts management)',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 204: z.null().describe('Removed'), ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      await services.remove.remove(requireAuth(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  });

  api.post('/api/v1/users/activation/resend-activation/:id/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'E-mail a fresh activation link to a person who has not activated yet',
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: DetailResponseSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) =>
      services.resendActivation.resend(requireAuth(request).user, request.params.id),
  });

  registerMembershipRoutes(app, services.memberships);
}
