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
import type { AppContext } from '../../context';
import { LoginRateLimiter } from './login-rate-limit';
import { changePassword } from './password-change.service';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service';
import { ResetRateLimiter } from './reset-rate-limit';

/** accounts/password/reset/, reset/confirm/ and change/ (A section 7). */
export async function passwordRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limiter = new LoginRateLimiter();
  const resetLimiter = new ResetRateLimiter();

  api.post('/api/v1/accounts/password/reset/', {
    schema: {
      tags: ['accounts'],
      summary: 'E-mails a single-use password reset link',
      body: PasswordResetRequestSchema,
      response: { 201: DetailResponseSchema, 400: ValidationErrorSchema, 429: ErrorDetailSchema },
    },
    handler: async (request, reply) => {
      await requestPasswordReset(ctx, request.body.email, { limiter: resetLimiter, ip: request.ip });
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
      await confirmPasswordReset(ctx, request.body);
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
      await changePassword(ctx, requireAuth(request), request.body, { limiter, ip: request.ip });
      return reply.code(201).send({ detail: PASSWORD_MESSAGES.saved });
    },
  });
}
