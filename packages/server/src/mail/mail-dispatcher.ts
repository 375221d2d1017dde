import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/database';
import { findDueMail, markMailAttemptFailed, markMailSent } from './outbox.repo';

/** Attempts before a message is shown as failed; it is still retried afterwards, hourly. */
export const ATTEMPTS_BEFORE_FAILED = 5;
const BATCH = 20;
const POLL_MS = 5_000;

/** 30 s, 1 min, 2 min, ... capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export type MailDispatcher = {
  /** Delivers what is due now; resolves when this round is done. */
  flush(): Promise<void>;
  /** Asks for a round soon (after a message was queued). */
  poke(): void;
  stop(): Promise<void>;
};

/**
 * Delivers outbox messages over SMTP_URL with back-off. Without SMTP_URL it does nothing: messages
 * stay in the outbox for superusers to read.
 */
export function startMailDispatcher(options: {
  db: Database;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}): MailDispatcher {
  if (options.smtpUrl === undefined) {
    return { flush: async () => undefined, poke: () => undefined, stop: async () => undefined };
  }
  const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | undefined;
  let stopped = false;

  async function deliverDue(): Promise<void> {
    const due = await findDueMail(options.db, now(), BATCH);
    for (const mail of due) {
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody,
        });
        await markMailSent(options.db, mail.id, now());
      } catch (error) {
        const attempts = mail.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        options.log.warn({ mailId: mail.id, attempts, error: message }, 'mail delivery failed; will retry');
        await markMailAttemptFailed(options.db, mail.id, {
          status: attempts >= ATTEMPTS_BEFORE_FAILED ? 'failed' : 'queued',
          error: message,
          nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
        });
      }
    }
  }

  function flush(): Promise<void> {
    running ??= deliverDue()
      .catch((error: unknown) => options.log.error({ err: error }, 'mail dispatcher round failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const timer = setInterval(() => void flush(), POLL_MS);
  timer.unref();
  return {
    flush,
    poke: () => {
      if (!stopped) {
        setImmediate(() => void flush());
      }
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
