import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { WAIT_CEILING_MS } from './telemetry';

export type CaughtMail = { to: string[]; raw: string; text: string };

export type MailCatcher = {
  /** smtp:// URL for SMTP_URL (plain text, no authentication). */
  url: string;
  mails: CaughtMail[];
  /** While true the server refuses every message with a temporary error (451). */
  setRefusing(refusing: boolean): void;
  /** The first received mail matching, waiting for it (up to `timeoutMs`, a hang guard). */
  waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
};

/** Undoes quoted-printable soft breaks and escapes, so links read as they were written. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A real SMTP server on a free local port that keeps every message it receives. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) {
          callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((address) => address.address);
        mails.push({ to, raw, text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    setRefusing: (value) => {
      refusing = value;
    },
    waitFor: async (predicate, timeoutMs = WAIT_CEILING_MS) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = mails.find(predicate);
        if (mail !== undefined) {
          return mail;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no matching mail within ${timeoutMs} ms (received ${mails.length})`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
