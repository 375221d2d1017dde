import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedCaptcha } from '../../../test/captcha-token';
import { type MailCatcher, startMailCatcher } from '../../../test/mail-catcher';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox } from '../../db/tables/outbox.table';

/** Both e-mailed journeys over a real SMTP server: the links are read from the received messages. */
describe('links from delivered e-mail', () => {
  let catcher: MailCatcher;
  let t: TestApp;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    t = await buildTestApp({ env: { SMTP_URL: catcher.url, PUBLIC_URL: 'https://portal.example.com/' } });
  });
  afterAll(async () => {
    await t.close();
    await catcher.close();
  });

  const receivedBy = async (address: string, pattern: RegExp): Promise<RegExpExecArray> => {
    await t.app.mailDispatcher.flush();
    const mail = await catcher.waitFor(
      (candidate) => candidate.to.includes(address) && pattern.test(candidate.text),
    );
    const match = pattern.exec(mail.text);
    if (match === null) {
      throw new Error('pattern vanished');
    }
    return match;
  };

  it('registers for the demo, activates from the received link and later resets the password by e-mail', async () => {
    const email = 'ivy.stone@mill.test';
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register-for-demo/',
      payload: { name: 'Ivy Stone', company: 'Stone Mill', email, captcha: await solvedCaptcha() },
    });
    expect(registered.statusCode).toBe(201);

    const [, key] = await receivedBy(email, /https:\/\/portal\.example\.com\/register\/activate\/([\w-]+)/);
    const state = await t.app.inject({ method: 'GET', url: `/api/v1/users/activation/get-state/${key}` });
    expect(state.json()).toEqual({ stage: 0, email, first_name: 'Ivy' });
    await t.app.inject({ method: 'POST', url: `/api/v1/users/activation/accept-terms/${key}/` });
    const activated = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/activation/set-password/${key}/`,
      payload: { password1: 'Bucket-Elevator-9', password2: 'Bucket-Elevator-9' },
    });
    expect(activated.statusCode).toBe(201);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/',
      headers: { authorization: `JWT ${activated.json().token}` },
    });
    expect(me.json()).toMatchObject({
      email,
      is_accounts_management: true,
      current_client: { company: 'Stone Mill' },
    });

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/password/reset/',
      payload: { email },
    });
    expect(reset.statusCode).toBe(201);
    const [, uid, token] = await receivedBy(
      email,
      /https:\/\/portal\.example\.com\/password\/reset\/key\/([0-9a-z]+)-([0-9a-f]{64})/,
    );
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/password/reset/confirm/',
      payload: { uid, token, new_password1: 'Drag-Conveyor-31', new_password2: 'Drag-Conveyor-31' },
    });
    expect(confirmed.statusCode).toBe(200);
    await expect(authHeader(t.app, email, 'Drag-Conveyor-31')).resolves.toMatch(/^JWT /);

    const outbox = await t.db.select().from(mailOutbox);
    expect(outbox.map((mail) => [mail.kind, mail.status])).toEqual([
      ['activation', 'sent'],
      ['password-reset', 'sent'],
    ]);
  });
});
