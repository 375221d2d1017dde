import {
  ActivationKeyParamsSchema,
  ActivationStateSchema,
  DetailResponseSchema,
  ErrorDetailSchema,
  REGISTER_MESSAGES,
  RegisterRequestSchema,
  SetPasswordRequestSchema,
  TokenResponseSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerCaptchaRoutes } from '../../captcha/captcha.routes';
import { createCaptchaVerifier } from '../../captcha/captcha.service';
import type { AppContext } from '../../context';
import type { AccountsService } from '../accounts/accounts.service';
import { acceptTerms, getActivationState, setPasswordWithKey } from './activation.service';
import { registerForDemo } from './registration.service';

const invalidKey = { 404: ErrorDetailSchema };

/** Demo registration, its captcha and account activation (A section 7). */
export async function registrationRoutes(
  app: FastifyInstance,
  ctx: AppContext & { accounts: AccountsService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const captcha = createCaptchaVerifier(ctx);
  registerCaptchaRoutes(app, ctx, captcha);

  api.post('/api/v1/register-for-demo/', {
    schema: {
      tags: ['registration'],
      summary: 'Registers a demo client and e-mails its activation link; uses the captcha up',
      body: RegisterRequestSchema,
      response: { 201: DetailResponseSchema, 400: ValidationErrorSchema },
    },
    handler: async (request, reply) => {
      await registerForDemo(ctx, captcha, request.body);
      return reply.code(201).send({ detail: REGISTER_MESSAGES.registered });
    },
  });

  api.get('/api/v1/users/activation/get-state/:key/', {
    schema: {
      tags: ['activation'],
      summary: 'Stage of an activation link: 0 terms of use, 1 set the password',
      params: ActivationKeyParamsSchema,
      response: { 200: ActivationStateSchema, ...invalidKey },
    },
    handler: async (request) => getActivationState(ctx, request.params.key),
  });

  api.post('/api/v1/users/activation/accept-terms/:key/', {
    schema: {
      tags: ['activation'],
      summary: 'Accepts the terms of use (stage 0 → 1)',
      params: ActivationKeyParamsSchema,
      response: { 200: ActivationStateSchema, ...invalidKey },
    },
    handler: async (request) => acceptTerms(ctx, request.params.key),
  });

  api.post('/api/v1/users/activation/set-password/:key/', {
    schema: {
      tags: ['activation'],
      summary: 'Sets the first password, uses the link up and signs the user in',
      params: ActivationKeyParamsSchema,
      body: SetPasswordRequestSchema,
      response: { 201: TokenResponseSchema, 400: ValidationErrorSchema, ...invalidKey },
    },
    handler: async (request, reply) => {
      const meta = { ip: request.ip, userAgent: request.headers['user-agent'] };
      const token = await setPasswordWithKey(ctx, request.params.key, request.body, meta);
      return reply.code(201).send({ token });
    },
  });
}
