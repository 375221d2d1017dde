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
import type { CaptchaService } from '../../captcha/captcha.service';
import type { AppContext } from '../../context';
import type { ActivationService } from './activation.service';
import type { RegistrationService } from './registration.service';

const invalidKey = { 404: ErrorDetailSchema };

/** Demo registration, its captcha and account activation (A section 7). */
export async function registrationRoutes(
  app: FastifyInstance,
  options: {
    ctx: AppContext;
    captcha: CaptchaService;
    registration: RegistrationService;
    activation: ActivationService;
  },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx, captcha, registration, activation } = options;
  registerCaptchaRoutes(app, ctx, captcha);

  api.post('/api/v1/register-for-demo/', {
    schema: {
      tags: ['registration'],
      summary: 'Registers a demo client and e-mails its activation link; uses the captcha up',
      body: RegisterRequestSchema,
      response: { 201: DetailResponseSchema, 400: ValidationErrorSchema },
    },
    handler: async (request, reply) => {
      await registration.registerForDemo(request.body);
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
    handler: async (request) => activation.getState(request.params.key),
  });

  api.post('/api/v1/users/activation/accept-terms/:key/', {
    schema: {
      tags: ['activation'],
      summary: 'Accepts the terms of use (stage 0 → 1)',
      params: ActivationKeyParamsSchema,
      response: { 200: ActivationStateSchema, ...invalidKey },
    },
    handler: async (request) => activation.acceptTerms(request.params.key),
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
      const token = await activation.setPassword(request.params.key, request.body, meta);
      return reply.code(201).send({ token });
    },
  });
}
