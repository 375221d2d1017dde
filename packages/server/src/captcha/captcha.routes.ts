import {
  CaptchaChallengeSchema,
  ValidationErrorSchema,
  VerifyCaptchaRequestSchema,
  VerifyCaptchaResponseSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { altchaKeysFrom, createAltchaChallenge } from './altcha';
import type { CaptchaService } from './captcha.service';

/** GET captcha/challenge/ (the ALTCHA widget's challenge) and POST verify-recaptcha/ (A section 7). */
export function registerCaptchaRoutes(app: FastifyInstance, ctx: AppContext, captcha: CaptchaService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const keys = altchaKeysFrom(ctx.secrets.hmacKey);

  api.get('/api/v1/captcha/challenge/', {
    schema: {
      tags: ['captcha'],
      summary: 'A new signed ALTCHA proof-of-work challenge (expires after 10 minutes)',
      response: { 200: CaptchaChallengeSchema },
    },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const challenge = await createAltchaChallenge(keys);
      return { parameters: { ...challenge.parameters }, signature: challenge.signature };
    },
  });

  api.post('/api/v1/verify-recaptcha/', {
    schema: {
      tags: ['captcha'],
      summary: 'Checks a solved captcha without using it up',
      body: VerifyCaptchaRequestSchema,
      response: { 200: VerifyCaptchaResponseSchema, 400: ValidationErrorSchema },
    },
    handler: async (request) => ({ success: await captcha.check(request.body.token) }),
  });
}
