import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ESCALATION_PUBLIC_URL,
  escalatingDevice,
  escalationEngineAt,
  MINUTE,
} from '../../../test/fixtures/escalation';
import { buildTestApp, type TestApp } from '../../../test/test-app';

/**
 * The escalation walk on alarms posted through the real ingest and projected by the real projector
 * (docs/escalation.md). Engines the test makes read a clock it moves; each call makes a new engine, as a restarted
 * or another instance would be; the app's own engine (real clock) runs too. On PostgreSQL in the server-postgres
 * project (vitest.config.ts), where the engines racing use separate connections of the pool.
 */
describe('escalation when nobody acknowledges', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: ESCALATION_PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
  });

  const fireAt = (offsetMs: number) => escalationEngineAt(t.db, offsetMs).drain();

  it('walks each level at its minutes, mails every recipient of a level once, and names who was told before', async () => {
    const d = await escalatingDevice(t.app, t.db);
    await d.step('alarm');
    await fireAt(0);
    expect((await d.mails()).map((mail) => [mail.level, mail.toAddress])).toEqual([
      [1, d.manager.user.email],
      [1, d.night],
    ]);
    await fireAt(9 * MINUTE);
    expect(await d.mails()).toHaveLength(2);
    await fireAt(10 * MINUTE + 1000);
    await fireAt(31 * MINUTE);
    const mails = await d.mails();
    // The night shift is on levels 1 and 2: one e-mail for each level, never two for one.
    expect(mails.map((mail) => [mail.level, mail.toAddress])).toEqual([
      [1, d.manager.user.email],
      [1, d.night],
      [2, d.supervisor],
      [2, d.night],
      [3, d.director],
    ]);
    const third = mails.at(-1);
    expect(third?.subject).toBe(
      `[Vigil] Escalation level 3: Alarm Detected not acknowledged — ${d.sensor.name} at ${d.site.title} / ${d.device.title}`,
    );
    const text = third?.textBody ?? '';
    expect(text).toContain(`Site: ${d.site.title}`);
    expect(text).toContain(`Device: ${d.device.title}`);
    expect(text).toContain(`Sensor: ${d.sensor.name}`);
    expect(text).toMatch(/Active since: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\n/);
    expect(text).toMatch(/Active for: 3\d min, not acknowledged/);
    expect(text).toContain(`Level 1 (`);
    expect(text).toContain(`${d.manager.user.email}, ${d.night}`);
    expect(text).toContain(`${d.supervisor}, ${d.night}`);
    const id = await d.alarmId();
    expect(text).toContain(
      `Acknowledge: ${ESCALATION_PUBLIC_URL}notifications/device/${d.device.id}?tab=active&acknowledge=${id}`,
    );
    expect(third?.htmlBody).toContain('Open the alarm to acknowledge it');

    // Nothing more to walk: later engines send nothing.
    await fireAt(24 * 60 * MINUTE);
    expect(await d.mails()).toHaveLength(5);

    // The log shows each step.
    const [item] = (await d.logOf()).results;
    expect(item?.escalations?.map((step) => [step.level, step.state, step.recipients])).toEqual([
      [1, 'sent', [d.manager.user.email, d.night]],
      [2, 'sent', [d.supervisor, d.night]],
      [3, 'sent', [d.director]],
    ]);
  });

  it('stops at the acknowledgement: no later level is mailed', async () => {
    const d = await escalatingDevice(t.app, t.db);
    await d.step('alarm');
    await fireAt(0);
    const id = await d.alarmId();
    const ack = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/${id}/acknowledge/`,
      headers: { authorization: d.manager.authorization },
      payload: { comment: 'on my way' },
    });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(
      ack.json().escalations.map((step: { level: number; state: string }) => [step.level, step.state]),
    ).toEqual([
      [1, 'sent'],
      [2, 'pending'],
    ]);
    await fireAt(11 * MINUTE);
    await fireAt(31 * MINUTE);
    expect((await d.mails()).map((mail) => mail.level)).toEqual([1, 1]);
    expect((await d.steps()).map((step) => [step.level, step.state, step.reason])).toEqual([
      [1, 'sent', null],
      [2, 'stopped', 'acknowledged'],
    ]);
  });

  it('stops when the alarm clears before the next level', async () => {
    const d = await escalatingDevice(t.app, t.db);
    await d.step('alarm');
    await fireAt(0);
    await fireAt(10 * MINUTE + 1000);
    await d.step('clear');
    await fireAt(31 * MINUTE);
    expect((await d.mails()).map((mail) => mail.level)).toEqual([1, 1, 2, 2]);
    expect((await d.steps()).map((step) => [step.level, step.state, step.reason])).toEqual([
      [1, 'sent', null],
      [2, 'sent', null],
      [3, 'stopped', 'cleared'],
    ]);
  });

  it('survives a restart: the due level waits in the database and a new engine sends it once', async () => {
    const d = await escalatingDevice(t.app, t.db);
    await d.step('alarm');
    const before = escalationEngineAt(t.db, 0);
    await before.drain();
    await before.stop();
    // The restarted instance comes up after level 2 and level 3 were both due: it walks them in order.
    const after = escalationEngineAt(t.db, 45 * MINUTE);
    await after.drain();
    await escalationEngineAt(t.db, 45 * MINUTE).drain();
    expect((await d.mails()).map((mail) => mail.level)).toEqual([1, 1, 2, 2, 3]);
  });

  it('fires each level once with three engines racing on one database', async () => {
    const d = await escalatingDevice(t.app, t.db);
    await d.step('alarm');
    for (const offset of [0, 10 * MINUTE + 1000, 31 * MINUTE]) {
      await Promise.all([fireAt(offset), fireAt(offset), fireAt(offset), t.app.escalationEngine.drain()]);
    }
    expect((await d.mails()).map((mail) => mail.level)).toEqual([1, 1, 2, 2, 3]);
    expect((await d.steps()).map((step) => step.state)).toEqual(['sent', 'sent', 'sent']);
  });

  it('a disabled policy escalates nothing', async () => {
    const off = await escalatingDevice(t.app, t.db);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/locations/${off.site.id}/escalation-policy/`,
      headers: { authorization: off.manager.authorization },
      payload: { enabled: false, levels: [{ after_minutes: 0, emails: [off.night] }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    await off.step('alarm');
    await fireAt(40 * MINUTE);
    expect(await off.mails()).toEqual([]);
    expect(await off.steps()).toEqual([]);
  });
});
