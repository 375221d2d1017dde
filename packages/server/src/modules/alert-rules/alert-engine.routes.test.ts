import type { AlertContactWhen } from '@vigil/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmingDevice } from '../../../test/fixtures/notifications';
import { type MailCatcher, startMailCatcher } from '../../../test/mail-catcher';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { alertDeliveries, alertRuleDevices, alertRules } from '../../db/tables/alert-rules.table';
import { mailOutbox } from '../../db/tables/outbox.table';
import { locationMemberships } from '../../db/tables/sites.table';
import { createMailer } from '../../mail/mailer';
import { AlertEngine, DEFAULT_GROUPING } from './alert-engine';

const PUBLIC_URL = 'https://portal.example.com/';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Just past a new e-mail group's wait (alert-mail-groups.routes.test.ts tests the grouping itself). */
const AFTER_WAIT = DEFAULT_GROUPING.waitMs + 1000;

/**
 * The e-mail alert engine on notifications made from trees posted through the real ingest. The engines the
 * test makes read a clock it moves; the app's own engine (real clock) runs too, as a second instance would.
 */
describe('e-mail alert rules at work', () => {
  let t: TestApp;
  let catcher: MailCatcher;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    t = await buildTestApp({ env: { SMTP_URL: catcher.url, PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
    await catcher.close();
  });

  /** An engine whose clock is `offsetMs` after now: a second instance of the server, later. */
  const engineAt = (clock: { offsetMs: number }) =>
    new AlertEngine({
      db: t.db,
      mailer: createMailer(t.db),
      publicUrl: PUBLIC_URL,
      log: { error: () => undefined },
      now: () => new Date(Date.now() + clock.offsetMs),
    });

  /** Settles what is due at `offsetMs`, then mails the groups it joined once their wait is over. */
  const deliverAt = async (offsetMs: number) => {
    await engineAt({ offsetMs }).drain();
    await engineAt({ offsetMs: offsetMs + AFTER_WAIT }).drain();
  };

  async function deviceWithRule(rule: { contactWhen: AlertContactWhen; x?: number; numberPerHour?: number }) {
    const d = await alarmingDevice(t.app, t.db);
    const [saved] = await t.db
      .insert(alertRules)
      .values({
        userId: d.manager.user.id,
        eventType: 'alarm',
        contactWhen: rule.contactWhen,
        periodical: rule.contactWhen === 3,
        x: rule.x ?? 1,
        numberPerHour: rule.numberPerHour ?? 0,
      })
      .returning({ id: alertRules.id });
    const ruleId = saved?.id ?? 0;
    await t.db.insert(alertRuleDevices).values({ ruleId, deviceId: d.device.id });
    await d.post('clear');
    const step = async (condition: 'alarm' | 'clear') => {
      await d.post(condition);
      await t.app.notificationProjector.drain();
    };
    const mails = () =>
      t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, d.manager.user.email))
        .orderBy(asc(mailOutbox.id));
    const deliveries = () =>
      t.db
        .select()
        .from(alertDeliveries)
        .where(eq(alertDeliveries.ruleId, ruleId))
        .orderBy(asc(alertDeliveries.id));
    return { ...d, ruleId, step, mails, deliveries };
  }

  it('sends at once for an alarm and for its clearing, once each with two instances at work, over real SMTP', async () => {
    const d = await deviceWithRule({ contactWhen: 0 });
    await d.step('alarm');
    const clock = { offsetMs: 0 };
    await Promise.all([t.app.alertEngine.drain(), engineAt(clock).drain(), engineAt(clock).drain()]);
    clock.offsetMs = AFTER_WAIT;
    await Promise.all([t.app.alertEngine.drain(), engineAt(clock).drain(), engineAt(clock).drain()]);
    await d.step('clear');
    // The clearing joins the next e-mail of the group, one interval after the first.
    await Promise.all([t.app.alertEngine.drain(), engineAt(clock).drain()]);
    clock.offsetMs = AFTER_WAIT + DEFAULT_GROUPING.intervalMs + 1000;
    await Promise.all([t.app.alertEngine.drain(), engineAt(clock).drain()]);

    const mails = await d.mails();
    expect(mails.map((mail) => mail.subject)).toEqual([
      `[Vigil] Alarm Detected — ${d.sensor.name} at ${d.site.title} / ${d.device.title}`,
      `[Vigil] Alarm Cleared — ${d.sensor.name} at ${d.site.title} / ${d.device.title}`,
    ]);
    const [alarm] = mails;
    expect(alarm?.kind).toBe('alert');
    expect(alarm?.textBody).toContain(`Site: ${d.site.title}`);
    expect(alarm?.textBody).toContain(`Sensor: ${d.sensor.name}`);
    expect(alarm?.textBody).toContain(`Dashboard: ${PUBLIC_URL}dashboard?device=${d.device.id}`);
    // The site's wall clock with its zone named (the factory's sites are in UTC).
    expect(alarm?.textBody).toMatch(/Time: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\n/);

    await t.app.mailDispatcher.flush();
    const received = await catcher.waitFor(
      (mail) => mail.to.includes(d.manager.user.email) && mail.text.includes('Alarm Detected'),
    );
    expect(received.text).toContain(d.sensor.name);
  });

  it("'not cleared after X minutes' sends only if the alarm is still on after X minutes", async () => {
    const d = await deviceWithRule({ contactWhen: 2, x: 5 });
    await d.step('alarm');
    const clock = { offsetMs: 4 * MINUTE };
    await engineAt(clock).drain();
    expect(await d.mails()).toEqual([]);
    // New engines: the wait lives in the database, so a restart in the middle changes nothing.
    await deliverAt(6 * MINUTE);
    const mails = await d.mails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('Still active: Alarm Detected');

    const cleared = await deviceWithRule({ contactWhen: 2, x: 5 });
    await cleared.step('alarm');
    await cleared.step('clear');
    await deliverAt(6 * MINUTE);
    expect(await cleared.mails()).toEqual([]);
    expect((await cleared.deliveries()).map((row) => [row.state, row.reason])).toEqual([
      ['skipped', 'cleared'],
    ]);
  });

  it("'every X hours' repeats while the alarm stays on and stops once it clears", async () => {
    const d = await deviceWithRule({ contactWhen: 3, x: 1 });
    await d.step('alarm');
    await engineAt({ offsetMs: 59 * MINUTE }).drain();
    expect(await d.mails()).toHaveLength(0);
    await deliverAt(HOUR + MINUTE);
    await deliverAt(2 * HOUR + MINUTE);
    expect((await d.mails()).map((mail) => mail.textBody.split('\n')[0])).toEqual([
      expect.stringContaining('reminder 1: still not cleared'),
      expect.stringContaining('reminder 2: still not cleared'),
    ]);
    await d.step('clear');
    await deliverAt(3 * HOUR + MINUTE);
    await deliverAt(5 * HOUR);
    expect(await d.mails()).toHaveLength(2);
    expect((await d.deliveries()).map((row) => row.state)).toEqual(['sent', 'sent', 'skipped']);
  });

  it('Smart Notify caps the e-mails of a sensor per hour (the two it lets through share one grouped e-mail)', async () => {
    const d = await deviceWithRule({ contactWhen: 0, numberPerHour: 2 });
    for (let i = 0; i < 3; i += 1) {
      await d.step('alarm');
      await d.step('clear');
    }
    await deliverAt(0);
    expect((await d.mails()).map((mail) => mail.subject)).toEqual([`[Vigil] 2 alerts at ${d.site.title}`]);
    expect((await d.deliveries()).map((row) => row.reason)).toEqual([
      null,
      null,
      'smart-notify',
      'smart-notify',
      'smart-notify',
      'smart-notify',
    ]);
  });

  it('sends nothing to a person who no longer sees the site', async () => {
    const d = await deviceWithRule({ contactWhen: 2, x: 1 });
    await d.step('alarm');
    await t.db
      .update(locationMemberships)
      .set({ hasAccess: false })
      .where(eq(locationMemberships.userId, d.manager.user.id));
    await engineAt({ offsetMs: 2 * MINUTE }).drain();
    expect(await d.mails()).toEqual([]);
    expect((await d.deliveries()).map((row) => row.reason)).toEqual(['no-access']);
  });
});
