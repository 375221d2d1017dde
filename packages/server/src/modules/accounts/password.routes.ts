import {
  DetailResponseSchema,
  ErrorDetailSchema,
  PASSWORD_MESSAGES,
  PASSWORD_RESET_MESSAGES,
  PasswordChangeSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import type { PasswordChangeService } from './password-change.service';
import type { PasswordResetService } from './password-reset.service';

/** accounts/password/reset/, reset/confirm/ and change/ (A section 7). */
export async function passwordRoutes(
  app: FastifyInstance,
  options: { passwordChange: PasswordChangeService; passwordReset: PasswordResetService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { passwordChange, passwordReset } = options;

  api.post('/api/v1/accounts/password/reset/', {
    schema: {
      tags: ['accounts'],
      summary: 'E-mails a single-use password reset link',
      body: PasswordResetRequestSchema,
      response: { 201: DetailResponseSchema, 400: ValidationErrorSchema, 429: ErrorDetailSchema },
    },
    handler: async (request, reply) => {
      await passwordReset.request(request.body.email, request.ip);
      return reply.code(201).send({ detail: PASSWORD_RESET_MESSAGES.linkSent });
    },
  });

  api.post('/api/v1/accounts/password/reset/confirm/', {
    schema: {
      tags: ['accounts'],
      summary: 'Sets a new password with the e-mailed link; ends every session of the user',
      body: PasswordResetConfirmSchema,
      response: { 200: DetailResponseSchema, 400: ValidationErrorSchema },
    },
    handler: async (request) => {
      await passwordReset.confirm(request.body);
      return { detail: PASSWORD_RESET_MESSAGES.done };
    },
  });

  api.post('/api/v1/accounts/password/change/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['accounts'],
      summary: "Changes the signed-in user's password; ends their other sessions",
      security: [{ jwt: [] }],
      body: PasswordChangeSchema,
      response: {
        201: DetailResponseSchema,
        400: ValidationErrorSchema,
        401: ErrorDetailSchema,
        429: ErrorDetailSchema,
      },
    },
    handler: async (request, reply) => {
      await passwordChange.change(requireAuth(request), request.body, request.ip);
      return reply.code(201).send({ detail: PASSWORD_MESSAGES.saved });
    },
  });
}
