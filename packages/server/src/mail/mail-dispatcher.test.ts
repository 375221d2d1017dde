import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../../test/mail-catcher';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { mailOutbox } from '../db/tables/outbox.table';
import { ATTEMPTS_BEFORE_FAILED, retryDelayMs } from './mail-dispatcher';
import { createMailer } from './mailer';
import { getMailById, listMail } from './outbox.repo';

describe('retryDelayMs', () => {
  it('backs off exponentially from 30 s and caps at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(50)).toBe(3_600_000);
  });
});

describe('mail delivery over SMTP', () => {
  let smtp: MailCatcher;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startMailCatcher();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Vigil <alerts@vigil.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers a queued message with its text and HTML bodies and marks it sent', async () => {
    const mailer = createMailer(t.db);
    await mailer.send({
      to: 'ops@plant.test',
      subject: 'Hello',
      text: 'plain body',
      html: '<p>html body</p>',
      kind: 'test',
    });
    await t.app.mailDispatcher.flush();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.to).toEqual(['ops@plant.test']);
    expect(smtp.mails[0]?.raw).toContain('plain body');
    expect(smtp.mails[0]?.raw).toContain('<p>html body</p>');
    expect(smtp.mails[0]?.raw).toContain('alerts@vigil.test');
    const { rows } = await listMail(t.db, { limit: 10, offset: 0 });
    expect(rows[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('keeps a message the server refuses, retries it later with back-off, and delivers it once the server accepts', async () => {
    smtp.setRefusing(true);
    const before = smtp.mails.length;
    await createMailer(t.db).send({
      to: 'late@plant.test',
      subject: 'Retry me',
      text: 't',
      html: '<p>t</p>',
      kind: 'test',
    });
    await t.app.mailDispatcher.flush();
    const { rows } = await listMail(t.db, { limit: 1, offset: 0 });
    const queued = rows[0];
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    expect(queued?.lastError).toMatch(/temporarily unavailable/);
    expect(queued?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: another round sends nothing.
    smtp.setRefusing(false);
    await t.app.mailDispatcher.flush();
    expect(smtp.mails.length).toBe(before);

    // Make it due, as time passing would.
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, queued?.id ?? 0));
    await t.app.mailDispatcher.flush();
    expect(smtp.mails.length).toBe(before + 1);
    expect(await getMailById(t.db, queued?.id ?? 0)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it(`shows a message as failed after ${ATTEMPTS_BEFORE_FAILED} refused attempts, still keeping it`, async () => {
    smtp.setRefusing(true);
    await createMailer(t.db).send({
      to: 'never@plant.test',
      subject: 'Doomed',
      text: 't',
      html: '<p>t</p>',
      kind: 'test',
    });
    const { rows } = await listMail(t.db, { limit: 1, offset: 0 });
    const id = rows[0]?.id ?? 0;
    for (let attempt = 0; attempt < ATTEMPTS_BEFORE_FAILED; attempt += 1) {
      await t.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.id, id));
      await t.app.mailDispatcher.flush();
    }
    expect(await getMailById(t.db, id)).toMatchObject({ status: 'failed', attempts: ATTEMPTS_BEFORE_FAILED });
    smtp.setRefusing(false);
  });
});

describe('without SMTP_URL', () => {
  it('keeps every message in the outbox, queued', async () => {
    const t = await buildTestApp();
    try {
      await createMailer(t.db).send({
        to: 'a@b.test',
        subject: 'Kept',
        text: 't',
        html: '<p>t</p>',
        kind: 'test',
      });
      await t.app.mailDispatcher.flush();
      const { count, rows } = await listMail(t.db, { limit: 10, offset: 0 });
      expect(count).toBe(1);
      expect(rows[0]).toMatchObject({ status: 'queued', attempts: 0, subject: 'Kept' });
    } finally {
      await t.close();
    }
  });
});
