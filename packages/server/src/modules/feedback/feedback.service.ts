import type { FeedbackRequest } from '@vigil/contracts';
import type { CaptchaService } from '../../captcha/captcha.service';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/tables/users.table';
import { escapeHtml } from '../users/activation';
import * as feedbackRepo from './feedback.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { feedback: feedbackRepo };
export type FeedbackRepositories = typeof REPOSITORIES;
export type FeedbackDeps = Pick<AppContext, 'config' | 'db' | 'mailer'> & {
  /** Uses up the solved captcha of the form. */
  captcha: CaptchaService;
  repos?: FeedbackRepositories;
};
type Sender = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'> | null;

/** Feedback (A section 9): stored and e-mailed to support. */
export class FeedbackService {
  private readonly repos: FeedbackRepositories;

  constructor(private readonly deps: FeedbackDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** POST feedback/: uses the captcha up, stores the feedback and e-mails it to support in one transaction. */
  async send(input: FeedbackRequest, sender: Sender): Promise<void> {
    await this.deps.captcha.assertRedeemed(input.captcha);
    const recipients = await this.recipients();
    await this.deps.db.transaction(async (tx) => {
      const values = { userId: sender?.id ?? null, about: input.about, text: input.text };
      await this.repos.feedback.insertFeedback(tx, values);
      for (const to of recipients) {
        await this.deps.mailer.send(feedbackMail(to, input, sender), tx);
      }
    });
  }

  /** Who reads feedback: the OEM support e-mail, else SUPPORT_EMAIL, else every active superuser. */
  async recipients(): Promise<string[]> {
    const oemEmail = await this.repos.feedback.findOemSupportEmail(this.deps.db);
    if (oemEmail !== undefined) {
      return [oemEmail];
    }
    const { supportEmail } = this.deps.config;
    if (supportEmail !== undefined) {
      return [supportEmail];
    }
    return this.repos.feedback.findActiveSuperuserEmails(this.deps.db);
  }
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
