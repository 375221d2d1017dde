import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { feedbackRoutes } from './feedback.routes';

/** Feedback (A section 9): the form signed-in and anonymous people send. */
export async function registerFeedback(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(feedbackRoutes, ctx);
}
