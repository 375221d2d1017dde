import type { FeedbackRequest } from '@vigil/contracts';
import { type CaptchaVerifier, redeemCaptcha } from '../../captcha/captcha.service';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { escapeHtml } from '../users/activation';
import { findActiveSuperuserEmails, findOemSupportEmail, insertFeedback } from './feedback.repo';

type FeedbackContext = Pick<AppContext, 'config' | 'db' | 'mailer'>;
type Sender = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'> | null;

/** Who reads feedback: the OEM support e-mail, else SUPPORT_EMAIL, else every active superuser. */
export async function findFeedbackRecipients(
  db: Database,
  supportEmail: string | undefined,
): Promise<string[]> {
  const oemEmail = await findOemSupportEmail(db);
  if (oemEmail !== undefined) {
    return [oemEmail];
  }
  if (supportEmail !== undefined) {
    return [supportEmail];
  }
  return findActiveSuperuserEmails(db);
}

/** POST feedback/: uses the captcha up, stores the feedback and e-mails it to support in one transaction. */
export async function sendFeedback(
  ctx: FeedbackContext,
  captcha: CaptchaVerifier,
  input: FeedbackRequest,
  sender: Sender,
): Promise<void> {
  await redeemCaptcha(captcha, input.captcha);
  const recipients = await findFeedbackRecipients(ctx.db, ctx.config.supportEmail);
  await ctx.db.transaction(async (tx) => {
    await insertFeedback(tx, { userId: sender?.id ?? null, about: input.about, text: input.text });
    for (const to of recipients) {
      await ctx.mailer.send(feedbackMail(to, input, sender), tx);
    }
  });
}

function describeSender(sender: Sender): string {
  if (sender === null) {
    return 'a visitor who was not signed in';
  }
  const name = `${sender.firstName} ${sender.lastName}`.trim();
  return name === '' ? sender.email : `${name} <${sender.email}>`;
}

function feedbackMail(to: string, input: FeedbackRequest, sender: Sender) {
  const from = describeSender(sender);
  const text = [`Feedback about: ${input.about}`, `From: ${from}`, '', input.text].join('\n');
  const html = `<p>Feedback about: <strong>${escapeHtml(input.about)}</strong><br>From: ${escapeHtml(from)}</p><p style="white-space: pre-wrap">${escapeHtml(input.text)}</p>`;
  return { to, subject: `Vigil feedback: ${input.about}`, text, html, kind: 'feedback' };
}
