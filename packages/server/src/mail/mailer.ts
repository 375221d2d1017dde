import type { Database } from '../db/database';
import { insertMail, insertMails } from './outbox.repo';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is, for the outbox list: 'activation', 'password-reset', 'feedback', ... */
  kind: string;
};

/** Subject lines at most this long, whatever names a device or a person gave (a header stays readable). */
export const SUBJECT_MAX_LENGTH = 200;

/** One line (control characters become spaces), cut to SUBJECT_MAX_LENGTH characters with an ellipsis. */
export function boundedSubject(subject: string): string {
  const line = subject.replace(/\p{Cc}+/gu, ' ').trim();
  const characters = Array.from(line);
  // Cut by code points, so a cut never leaves half a surrogate pair.
  return characters.length <= SUBJECT_MAX_LENGTH
    ? line
    : `${characters.slice(0, SUBJECT_MAX_LENGTH - 1).join('')}…`;
}

/** Queues mail in the outbox; the dispatcher delivers it. Pass a transaction to queue atomically with a change. */
export type Mailer = {
  send(mail: OutgoingMail, db?: Database): Promise<void>;
  /** Queues several in one statement (the escalation engine's batch); a mailer without it sends one by one. */
  sendAll?(mails: readonly OutgoingMail[], db?: Database): Promise<void>;
};

/** Queues the mails with `sendAll` when the mailer has it, else one `send` each. */
export async function sendAll(mailer: Mailer, mails: readonly OutgoingMail[], db?: Database): Promise<void> {
  if (mails.length === 0) {
    return;
  }
  if (mailer.sendAll !== undefined) {
    await mailer.sendAll(mails, db);
    return;
  }
  for (const mail of mails) {
    await mailer.send(mail, db);
  }
}

const outboxRow = (mail: OutgoingMail) => ({
  toAddress: mail.to,
  subject: boundedSubject(mail.subject),
  textBody: mail.text,
  htmlBody: mail.html,
  kind: mail.kind,
});

export function createMailer(db: Database, onQueued: () => void = () => undefined): Mailer {
  return {
    send: async (mail, tx) => {
      await insertMail(tx ?? db, outboxRow(mail));
      onQueued();
    },
    sendAll: async (mails, tx) => {
      if (mails.length > 0) {
        await insertMails(tx ?? db, mails.map(outboxRow));
        onQueued();
      }
    },
  };
}
