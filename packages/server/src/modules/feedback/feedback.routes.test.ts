import { CAPTCHA_MESSAGES, FEEDBACK_MESSAGES, FEEDBACK_TOPICS } from '@vigil/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedCaptcha } from '../../../test/captcha-token';
import { buildUser, TEST_PASSWORD } from '../../../test/factories';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import { feedback } from '../../db/tables/feedback.table';
import { oemSettings } from '../../db/tables/oem.table';
import { mailOutbox } from '../../db/tables/outbox.table';
import { updateUser } from '../users/users.repo';

const FEEDBACK = '/api/v1/feedback/';

describe('feedback API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const send = async (overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: FEEDBACK,
      headers,
      payload: {
        about: 'Issue',
        text: 'The graph page is slow.',
        captcha: await solvedCaptcha(),
        ...overrides,
      },
    });

  const latestFeedback = async () =>
    (await t.db.select().from(feedback).orderBy(desc(feedback.id)).limit(1))[0];
  const feedbackMails = () => t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'feedback'));

  it('stores a visitor’s feedback and e-mails every active superuser when no support e-mail is set', async () => {
    const admin = await buildUser(t.db, { roles: { isSuperuser: true } });
    const retired = await buildUser(t.db, { roles: { isSuperuser: true } });
    await updateUser(t.db, retired.id, { isActive: false });
    const response = await send({ text: '  <b>Graphs</b> are slow  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ detail: FEEDBACK_MESSAGES.saved });
    expect(await latestFeedback()).toMatchObject({
      userId: null,
      about: 'Issue',
      text: '<b>Graphs</b> are slow',
    });
    const mails = await feedbackMails();
    expect(mails.map((mail) => mail.toAddress)).toEqual([admin.email]);
    expect(mails[0]?.subject).toBe('Vigil feedback: Issue');
    expect(mails[0]?.htmlBody).toContain('&lt;b&gt;Graphs&lt;/b&gt;');
    expect(mails[0]?.textBody).toContain('a visitor');
  });

  it('records the signed-in sender and mails the OEM support address when set', async () => {
    await t.db.insert(oemSettings).values({ id: 1, supportEmail: 'support@oem.test' });
    const user = await buildUser(t.db, { fullName: 'Nora Field' });
    const authorization = await authHeader(t.app, user.email, TEST_PASSWORD);
    const response = await send({ about: 'Feature request' }, { authorization });
    expect(response.statusCode).toBe(201);
    expect((await latestFeedback())?.userId).toBe(user.id);
    const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail).toMatchObject({ toAddress: 'support@oem.test', kind: 'feedback' });
    expect(mail?.textBody).toContain(`Nora Field <${user.email}>`);
    await t.db.delete(oemSettings);
  });

  it('treats a stale token as a visitor rather than refusing the feedback', async () => {
    const response = await send({}, { authorization: 'JWT not-a-token' });
    expect(response.statusCode).toBe(201);
    expect((await latestFeedback())?.userId).toBeNull();
  });

  it('mails SUPPORT_EMAIL when configured and no OEM support e-mail is set', async () => {
    const configured = await buildTestApp({ env: { SUPPORT_EMAIL: 'help@vigil.test' } });
    try {
      await buildUser(configured.db, { roles: { isSuperuser: true } });
      const response = await configured.app.inject({
        method: 'POST',
        url: FEEDBACK,
        payload: { about: 'Other', text: 'Hello', captcha: await solvedCaptcha() },
      });
      expect(response.statusCode).toBe(201);
      const mails = await configured.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'feedback'));
      expect(mails.map((mail) => mail.toAddress)).toEqual(['help@vigil.test']);
    } finally {
      await configured.close();
    }
  });

  it('accepts exactly the four topics', async () => {
    for (const about of FEEDBACK_TOPICS) {
      expect((await send({ about })).statusCode).toBe(201);
    }
    for (const about of ['Complaint', '', 'website usage']) {
      const response = await send({ about });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ about: [FEEDBACK_MESSAGES.topicRequired] });
    }
    expect((await send({ about: 'x'.repeat(256) })).json()).toEqual({
      about: [FEEDBACK_MESSAGES.aboutTooLong],
    });
  });

  it('names each missing field and refuses a message over 1500 characters, storing nothing', async () => {
    const before = (await t.db.select().from(feedback)).length;
    const empty = await t.app.inject({ method: 'POST', url: FEEDBACK });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      about: [FEEDBACK_MESSAGES.topicRequired],
      text: [FEEDBACK_MESSAGES.messageRequired],
      captcha: [CAPTCHA_MESSAGES.required],
    });
    expect((await send({ text: '   ' })).json()).toEqual({ text: [FEEDBACK_MESSAGES.messageRequired] });
    expect((await send({ text: 'y'.repeat(1501) })).json()).toEqual({
      text: [FEEDBACK_MESSAGES.messageTooLong],
    });
    expect((await send({ text: 'y'.repeat(1500) })).statusCode).toBe(201);
    expect((await t.db.select().from(feedback)).length).toBe(before + 1);
  });

  it('uses the captcha up and refuses a replayed or forged one', async () => {
    const captcha = await solvedCaptcha();
    expect((await send({ captcha })).statusCode).toBe(201);
    for (const bad of [captcha, 'forged', await solvedCaptcha({ ttlSeconds: -1 })]) {
      const response = await send({ captcha: bad });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ captcha: [CAPTCHA_MESSAGES.failed] });
    }
  });
});
