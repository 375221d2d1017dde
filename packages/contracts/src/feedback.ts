import { z } from 'zod';
import { CAPTCHA_MESSAGES, CaptchaTokenSchema } from './registration';

/** Topics of A section 9, in the order the select offers them. */
export const FEEDBACK_TOPICS = ['Website usage', 'Feature request', 'Issue', 'Other'] as const;
export const FeedbackTopicSchema = z.enum(FEEDBACK_TOPICS);
export type FeedbackTopic = z.infer<typeof FeedbackTopicSchema>;

export const FEEDBACK_ABOUT_MAX_LENGTH = 255;
export const FEEDBACK_MESSAGE_MAX_LENGTH = 1500;

/** Texts of A sections 5 and 8 for feedback. */
export const FEEDBACK_MESSAGES = {
  topicRequired: 'Please select a topic!',
  messageRequired: 'Please input your message',
  captchaRequired: CAPTCHA_MESSAGES.required,
  saved: 'Your feedback has been saved successfully.',
  aboutTooLong: `Ensure this field has no more than ${FEEDBACK_ABOUT_MAX_LENGTH} characters`,
  messageTooLong: `Ensure this field has no more than ${FEEDBACK_MESSAGE_MAX_LENGTH} characters`,
} as const;

/** POST feedback/ (A section 3 'Feedback'), by a visitor or a signed-in user. */
export const FeedbackRequestSchema = z.object({
  about: z
    .string({ error: FEEDBACK_MESSAGES.topicRequired })
    .max(FEEDBACK_ABOUT_MAX_LENGTH, FEEDBACK_MESSAGES.aboutTooLong)
    .pipe(z.enum(FEEDBACK_TOPICS, { error: FEEDBACK_MESSAGES.topicRequired }))
    .describe('Topic: Website usage, Feature request, Issue or Other'),
  text: z
    .string({ error: FEEDBACK_MESSAGES.messageRequired })
    .trim()
    .min(1, FEEDBACK_MESSAGES.messageRequired)
    .max(FEEDBACK_MESSAGE_MAX_LENGTH, FEEDBACK_MESSAGES.messageTooLong)
    .describe('The message'),
  captcha: CaptchaTokenSchema.describe('The solved captcha; it is used up'),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;
