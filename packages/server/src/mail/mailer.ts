import type { Database } from '../db/database';
import { insertMail } from './outbox.repo';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is, for the outbox list: 'activation', 'password-reset', 'feedback', ... */
  kind: string;
};

/** Queues mail in the outbox; the dispatcher delivers it. Pass a transaction to queue atomically with a change. */
export type Mailer = {
  send(mail: OutgoingMail, db?: Database): Promise<void>;
};

export function createMailer(db: Database, onQueued: () => void = () => undefined): Mailer {
  return {
    send: async (mail, tx) => {
      await insertMail(tx ?? db, {
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        kind: mail.kind,
      });
      onQueued();
    },
  };
}
