import { listSensors, type StateTree } from '@vigil/contracts';
import type { DeviceIdentity } from '@vigil/simulator';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTree, provisionTypedDevice, signedInAt, treeWith } from '../../../test/maintenance';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { alertRuleDevices, alertRules } from '../../db/tables/alert-rules.table';
import { mailOutbox } from '../../db/tables/outbox.table';
import { createMailer } from '../../mail/mailer';
import { isNodeSensorId } from '../sensor-settings/sensor-display-name';
import { AlertEngine, DEFAULT_GROUPING } from './alert-engine';

const PUBLIC_URL = 'https://portal.example.com/';
const SECOND = 1000;
/** Just past a new group's wait. */
const AFTER_WAIT = DEFAULT_GROUPING.waitMs + SECOND;

/** The device's tree with exactly these sensors in alarm. */
function treeAlarming(identity: DeviceIdentity, alarmed: ReadonlySet<string>, tick: number): StateTree {
  const tree = treeWith(identity, 'none', 'clear', tick);
  for (const { fullId, sensor } of listSensors(tree)) {
    if (alarmed.has(fullId)) {
      Object.assign(sensor, { Alarm: true, Status: 'Alarm' });
    }
  }
  return tree;
}

/**
 * Alert e-mails grouped per recipient and site (docs/alert-rules.md 'Grouping'), on two instances sharing one
 * database. The engines the test makes read a clock it moves; both apps' own engines run on the real clock.
 */
describe('alert e-mails grouped per recipient and site', () => {
  let t: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL } });
    second = await buildTestApp({ database: t.database, env: { PUBLIC_URL } });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  /** An engine of `app` whose clock is `offsetMs` after now: that instance, later. */
  const engineAt = (app: TestApp, offsetMs: number) =>
    new AlertEngine({
      db: app.db,
      mailer: createMailer(app.db),
      publicUrl: PUBLIC_URL,
      log: { error: () => undefined },
      now: () => new Date(Date.now() + offsetMs),
    });

  /** An F500 whose Manager has an 'As Alert happens' alarm rule that also mails a night-shift address. */
  async function siteWithRule() {
    const d = await provisionTypedDevice(t.db, 'F500');
    const manager = await signedInAt(t.app, t.db, d.site, 'Manager');
    const alternative = `night-shift-${d.site.id}@example.com`;
    const [rule] = await t.db
      .insert(alertRules)
      .values({
        userId: manager.user.id,
        eventType: 'alarm',
        contactWhen: 0,
        x: 1,
        sendToAlternative: true,
        alternativeContact: alternative,
      })
      .returning({ id: alertRules.id });
    await t.db.insert(alertRuleDevices).values({ ruleId: rule?.id ?? 0, deviceId: d.device.id });
    let tick = 1;
    const post = async (app: TestApp, alarmed: ReadonlySet<string>) => {
      tick += 1;
      expect(await postTree(app.app, d.identity, treeAlarming(d.identity, alarmed, tick))).toBe(202);
      await Promise.all([t.app.notificationProjector.drain(), second.app.notificationProjector.drain()]);
      // Both instances' own engines settle the deliveries now: the alarms join their groups.
      await Promise.all([t.app.alertEngine.drain(), second.app.alertEngine.drain()]);
    };
    await post(t, new Set());
    const nodeSensors = listSensors(treeWith(d.identity, 'none', 'clear', 1))
      .map((entry) => entry.fullId)
      .filter(isNodeSensorId);
    const mails = () =>
      t.db
        .select()
        .from(mailOutbox)
        .where(
          and(inArray(mailOutbox.toAddress, [manager.user.email, alternative]), eq(mailOutbox.kind, 'alert')),
        )
        .orderBy(asc(mailOutbox.id));
    return { ...d, manager, alternative, post, nodeSensors, mails };
  }

  it('mails the alarms of one site within the wait as one e-mail per recipient, once with two instances', async () => {
    const d = await siteWithRule();
    expect(d.nodeSensors.length).toBeGreaterThan(8);
    await d.post(second, new Set(d.nodeSensors));
    expect(await d.mails()).toEqual([]);

    await Promise.all([
      engineAt(t, AFTER_WAIT).drain(),
      engineAt(second, AFTER_WAIT).drain(),
      engineAt(t, AFTER_WAIT).drain(),
    ]);
    const mails = await d.mails();
    expect(mails.map((mail) => [mail.toAddress, mail.subject]).sort()).toEqual(
      [d.manager.user.email, d.alternative]
        .map((to) => [to, `[Vigil] ${d.nodeSensors.length} alarms at ${d.site.title}`])
        .sort(),
    );
    const text = mails[0]?.textBody ?? '';
    expect(text).toContain('- Alarm Detected — Bearing Temperature · Node 1');
    expect(text).toContain('- Alarm Detected — Bearing Temperature · Node 4');
    expect(text).toContain(`Device: ${d.device.title}`);
    // Each alert's time on the site's clock with its zone named (the factory's sites are in UTC).
    expect(text).toMatch(/ \d\d:\d\d:\d\d UTC · Still active/);
    expect(text).toContain(`Notifications: ${PUBLIC_URL}notifications/site/${d.site.id}`);

    // Later engines find nothing left to send.
    await Promise.all([engineAt(t, 2 * AFTER_WAIT).drain(), engineAt(second, 2 * AFTER_WAIT).drain()]);
    expect(await d.mails()).toHaveLength(2);
  });

  it('puts an alarm that comes within the group interval into the next e-mail, sent once the interval is over', async () => {
    const d = await siteWithRule();
    const [first, next] = d.nodeSensors;
    if (first === undefined || next === undefined) {
      throw new Error('an F500 has node sensors');
    }
    await d.post(t, new Set([first]));
    await engineAt(t, AFTER_WAIT).drain();
    // A group of one is the single alert e-mail.
    expect((await d.mails()).map((mail) => mail.subject)).toEqual([
      `[Vigil] Alarm Detected — Bearing Temperature · Node 1 at ${d.site.title} / ${d.device.title}`,
      `[Vigil] Alarm Detected — Bearing Temperature · Node 1 at ${d.site.title} / ${d.device.title}`,
    ]);

    await d.post(second, new Set([first, next]));
    await engineAt(second, 2 * AFTER_WAIT).drain();
    await engineAt(t, DEFAULT_GROUPING.intervalMs - SECOND).drain();
    expect(await d.mails()).toHaveLength(2);

    await Promise.all([
      engineAt(t, AFTER_WAIT + DEFAULT_GROUPING.intervalMs + SECOND).drain(),
      engineAt(second, AFTER_WAIT + DEFAULT_GROUPING.intervalMs + SECOND).drain(),
    ]);
    const later = (await d.mails()).slice(2);
    expect(later.map((mail) => mail.subject)).toEqual([
      `[Vigil] Alarm Detected — Alignment · Node 1 at ${d.site.title} / ${d.device.title}`,
      `[Vigil] Alarm Detected — Alignment · Node 1 at ${d.site.title} / ${d.device.title}`,
    ]);
  });
});
