import {
  DetailResponseSchema,
  FEEDBACK_MESSAGES,
  FeedbackRequestSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tokenFromHeader } from '../../access/authenticate';
import type { AppContext } from '../../context';
import type { FeedbackService } from './feedback.service';

/** POST feedback/ (A section 7), open to visitors; a signed-in sender is recorded with the feedback. */
export async function feedbackRoutes(
  app: FastifyInstance,
  options: { authenticator: AppContext['authenticator']; feedback: FeedbackService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { authenticator, feedback } = options;

  api.post('/api/v1/feedback/', {
    schema: {
      tags: ['feedback'],
      summary: 'Sends feedback to support; the captcha is used up',
      body: FeedbackRequestSchema,
      response: { 201: DetailResponseSchema, 400: ValidationErrorSchema },
    },
    handler: async (request, reply) => {
      // The page is open to visitors: a missing or stale token just means an anonymous sender.
      const token = tokenFromHeader(request.headers.authorization);
      const auth = token === undefined ? undefined : await authenticator.authenticate(token);
      await feedback.send(request.body, auth?.user ?? null);
      return reply.code(201).send({ detail: FEEDBACK_MESSAGES.saved });
    },
  });
}
