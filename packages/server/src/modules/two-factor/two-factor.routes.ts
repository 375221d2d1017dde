import {
  DetailResponseSchema,
  ErrorDetailSchema,
  IdParamsSchema,
  Is2faRequiredResponseSchema,
  RetrieveCodeResponseSchema,
  ValidationErrorSchema,
  VerifyTwoFactorRequestSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import { createTwoFactorGate } from '../../access/two-factor-gate';
import { AUTH_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { TwoFactorService } from './two-factor.service';

const tags = ['two-factor'];

/** The 2fa/ calls of A section 7 and the gate that holds sessions until two-factor is done. */
export async function twoFactorRoutes(
  app: FastifyInstance,
  options: { twoFactor: TwoFactorService },
): Promise<void> {
  app.addAuthCheck(createTwoFactorGate());
  const { twoFactor } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/v1/2fa';

  api.post(`${base}/setup_2fa/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Start two-factor setup: a new pending TOTP secret',
      security: JWT_SECURITY,
      response: { 200: DetailResponseSchema, 400: ValidationErrorSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => twoFactor.setup(requireAuth(request).user),
  });

  api.get(`${base}/retrieve-code/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'QR code, otpauth URL and secret of the pending setup',
      security: JWT_SECURITY,
      response: { 200: RetrieveCodeResponseSchema, 404: ErrorDetailSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => twoFactor.retrieveCode(requireAuth(request).user),
  });

  api.post(`${base}/verify_2fa/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Check a code: confirms the device the first time, verifies this session afterwards',
      security: JWT_SECURITY,
      body: VerifyTwoFactorRequestSchema,
      response: {
        200: DetailResponseSchema,
        400: ValidationErrorSchema,
        429: ErrorDetailSchema,
        ...AUTH_RESPONSES,
      },
    },
    handler: async (request) => twoFactor.verify(requireAuth(request), request.body.token),
  });

  api.get(`${base}/is_2fa_required/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Whether a client of the user requires two-factor',
      security: JWT_SECURITY,
      response: { 200: Is2faRequiredResponseSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => ({
      is_2fa_required: await twoFactor.isRequired(requireAuth(request).user),
    }),
  });

  api.post(`${base}/disable-2FA/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Remove your own two-factor device (needs a verified session when registered)',
      security: JWT_SECURITY,
      response: { 200: DetailResponseSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => twoFactor.disableOwn(requireAuth(request)),
  });

  api.post(`${base}/disable_2FA_via_id/:id/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: "Remove a user's two-factor device (their client's accounts management, or staff)",
      security: JWT_SECURITY,
      params: IdParamsSchema,
      response: { 200: DetailResponseSchema, 404: ErrorDetailSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => twoFactor.disableOf(requireAuth(request).user, request.params.id),
  });
}
