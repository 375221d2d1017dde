import { DetailResponseSchema, type FeedbackRequest } from '@vigil/contracts';
import { api } from './client';

/** POST feedback/: 'Your feedback has been saved successfully.'; the captcha is used up. */
export async function sendFeedback(body: FeedbackRequest): Promise<string> {
  const { detail } = await api.post('feedback/', { body, parse: DetailResponseSchema.parse });
  return detail;
}
