import type { FastifyInstance } from 'fastify';
import { CaptchaService, captchaVerificationOf } from '../../captcha/captcha.service';
import type { AppContext } from '../../context';
import { feedbackRoutes } from './feedback.routes';
import { FeedbackService } from './feedback.service';

/** Feedback (A section 9): the form signed-in and anonymous people send. */
export async function registerFeedback(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { authenticator, config, db, mailer } = ctx;
  const captcha = new CaptchaService({ db, verification: captchaVerificationOf(ctx) });
  const feedback = new FeedbackService({ config, db, mailer, captcha });
  await app.register(feedbackRoutes, { authenticator, feedback });
}
