import { COMMON_MESSAGES, NON_FIELD_ERRORS, OUTBOX_MESSAGES, type OutboxMail } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RoleHeaders, signInEveryRole } from '../../test/fixtures/oem';
import { type MailCatcher, startMailCatcher } from '../../test/mail-catcher';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { mailOutbox } from '../db/tables/outbox.table';
import { getMailById, insertMail } from './outbox.repo';

const BASE = '/api/v1/outbox/';
const LATER = new Date(Date.now() + 3_600_000);
// A ceiling for a busy machine; the poll ends as soon as the dispatcher has sent the message.
const DISPATCH_CEILING_MS = 60_000;

describe('outbox API', () => {
  let smtp: MailCatcher;
  let t: TestApp;
  let as: RoleHeaders;
  let ids: { queued: number; failed: number; sent: number };

  async function addMail(to: string, values: Partial<typeof mailOutbox.$inferInsert> = {}): Promise<number> {
    await insertMail(t.db, {
      toAddress: to,
      subject: `Subject for ${to}`,
      textBody: `Text for ${to}`,
      htmlBody: `<p onclick="x()">HTML for ${to}</p>`,
      kind: 'activation',
      ...values,
    });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
    if (row === undefined) {
      throw new Error('mail not stored');
    }
    return row.id;
  }

  beforeAll(async () => {
    smtp = await startMailCatcher();
    // Refusing at first, so the seeded messages stay queued until a test retries them.
    smtp.setRefusing(true);
    t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
    as = await signInEveryRole(t.app, t.db);
    ids = {
      sent: await addMail('sent@plant.test', { status: 'sent', attempts: 1, sentAt: new Date() }),
      failed: await addMail('failed@plant.test', {
        status: 'failed',
        attempts: 5,
        lastError: 'Mailbox temporarily unavailable',
        nextAttemptAt: LATER,
      }),
      queued: await addMail('queued@plant.test', { nextAttemptAt: LATER, kind: 'password-reset' }),
    };
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const get = (url: string, authorization?: string) =>
    t.app.inject({ method: 'GET', url, headers: authorization === undefined ? {} : { authorization } });
  const retry = (id: number, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}${id}/retry/`,
      headers: authorization === undefined ? {} : { authorization },
    });

  it('lists messages newest first to a super user, without their bodies', async () => {
    const response = await get(BASE, as.superuser);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.count).toBe(3);
    expect(page.results.map((mail: OutboxMail) => mail.to)).toEqual([
      'queued@plant.test',
      'failed@plant.test',
      'sent@plant.test',
    ]);
    expect(page.results[1]).toEqual({
      id: ids.failed,
      to: 'failed@plant.test',
      subject: 'Subject for failed@plant.test',
      kind: 'activation',
      status: 'failed',
      attempts: 5,
      last_error: 'Mailbox temporarily unavailable',
      created_at: expect.any(String),
      sent_at: null,
      next_attempt_at: LATER.toISOString(),
    });
    expect(page.results[0]).not.toHaveProperty('text_body');
  });

  it('pages with limit and offset and filters by status', async () => {
    const first = (await get(`${BASE}?limit=2`, as.superuser)).json();
    expect(first.results).toHaveLength(2);
    expect(first.next).toContain('offset=2');
    const second = (await get(`${BASE}?limit=2&offset=2`, as.superuser)).json();
    expect(second.results.map((mail: OutboxMail) => mail.id)).toEqual([ids.sent]);
    expect(second.previous).not.toBeNull();
    const sent = (await get(`${BASE}?status=sent`, as.superuser)).json();
    expect(sent.count).toBe(1);
    expect(sent.results[0].sent_at).not.toBeNull();
  });

  it('refuses an unknown status or a bad page size', async () => {
    const status = await get(`${BASE}?status=lost`, as.superuser);
    expect(status.statusCode).toBe(400);
    expect(status.json()).toEqual({ status: ['Select a valid choice.'] });
    expect((await get(`${BASE}?limit=0`, as.superuser)).statusCode).toBe(400);
    expect((await get(`${BASE}?offset=-1`, as.superuser)).statusCode).toBe(400);
  });

  it('answers one message with its text and HTML bodies, or 404', async () => {
    const response = await get(`${BASE}${ids.queued}/`, as.superuser);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: ids.queued,
      kind: 'password-reset',
      text_body: 'Text for queued@plant.test',
      html_body: '<p onclick="x()">HTML for queued@plant.test</p>',
    });
    const missing = await get(`${BASE}999999/`, as.superuser);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: COMMON_MESSAGES.notFound });
  });

  it('retry makes a queued message due now and the dispatcher delivers it', async () => {
    smtp.setRefusing(false);
    const response = await retry(ids.queued, as.superuser);
    expect(response.statusCode).toBe(200);
    expect(new Date(response.json().next_attempt_at).getTime()).toBeLessThanOrEqual(Date.now());
    await expect
      .poll(async () => (await getMailById(t.db, ids.queued))?.status, { timeout: DISPATCH_CEILING_MS })
      .toBe('sent');
    expect(smtp.mails.map((mail) => mail.to)).toContainEqual(['queued@plant.test']);
  });

  it('retry works for a failed message too', async () => {
    const response = await retry(ids.failed, as.superuser);
    expect(response.statusCode).toBe(200);
    await expect
      .poll(async () => (await getMailById(t.db, ids.failed))?.status, { timeout: DISPATCH_CEILING_MS })
      .toBe('sent');
  });

  it('retry refuses a message already sent, and answers 404 for an unknown one', async () => {
    const sent = await retry(ids.sent, as.superuser);
    expect(sent.statusCode).toBe(400);
    expect(sent.json()).toEqual({ [NON_FIELD_ERRORS]: [OUTBOX_MESSAGES.alreadySent] });
    expect((await retry(999_999, as.superuser)).statusCode).toBe(404);
  });

  it('refuses OEM users and every other role with 403, and visitors with 401', async () => {
    for (const authorization of [as.oem, as.accounts, as.manager, as.engineer, as.user]) {
      expect((await get(BASE, authorization)).statusCode).toBe(403);
      expect((await get(`${BASE}${ids.queued}/`, authorization)).statusCode).toBe(403);
      expect((await get(`${BASE}?status=lost`, authorization)).statusCode).toBe(403);
      expect((await retry(ids.sent, authorization)).statusCode).toBe(403);
    }
    expect((await get(BASE)).statusCode).toBe(401);
    expect((await get(`${BASE}${ids.queued}/`)).statusCode).toBe(401);
    expect((await retry(ids.queued)).statusCode).toBe(401);
  });
});
