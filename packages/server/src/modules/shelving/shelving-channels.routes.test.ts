import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmRule, createRule } from '../../../test/fixtures/alert-rules';
import { escalatingDevice, escalationEngineAt, MINUTE } from '../../../test/fixtures/escalation';
import { listShelves, postUnshelve, shelve } from '../../../test/fixtures/shelving';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { alertDeliveries } from '../../db/tables/alert-rules.table';
import { notifications } from '../../db/tables/notifications.table';
import { sensorShelves } from '../../db/tables/shelving.table';
import { toPushItem } from '../notifications/notification-items';
import { findNotificationsByIds } from '../notifications/notifications.repo';

/**
 * Shelving's effect on every channel (issue 27, docs/shelving.md), on alarms posted through the real ingest and
 * projected by the real projector: the log keeps the alarm marked shelved; no e-mail rule plans it, no escalation
 * starts or continues, and its push says `shelved` (the web then raises no toast and no sound:
 * packages/web/src/components/toast-scope.test.ts). Unshelved, the sensor alerts again.
 */
describe('a shelved sensor on every channel', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const deliveriesOf = async (ids: number[]) =>
    ids.length === 0
      ? []
      : t.db.select().from(alertDeliveries).where(inArray(alertDeliveries.notificationId, ids));

  it('logs the alarm marked shelved, with no e-mail, no escalation and a push marked shelved; unshelved, it alerts again', async () => {
    const d = await escalatingDevice(t.app, t.db);
    await createRule(t.app, d.manager.authorization, alarmRule(d.device.id));
    await d.post('clear'); // the device has reported its tree: the sensor's name is known
    const shelf = await shelve(t.app, d.manager.authorization, d.site.id, {
      device: d.device.id,
      sensor_id: d.sensor.fullId,
      reason: 'Bearing replaced, sensor recalibrating',
    });

    await d.step('alarm');
    const alarmId = await d.alarmId();
    const [row] = await findNotificationsByIds(t.db, [alarmId]);
    expect(row?.isShelved).toBe(true);
    expect(row === undefined ? undefined : toPushItem(row).shelved).toBe(true);
    // The log: recorded, marked shelved.
    const [item] = (await d.logOf()).results;
    expect(item).toMatchObject({ id: alarmId, is_active: true, shelved: true });
    // The shelf names the sensor as the log does: the name the device reports, node and network included.
    expect(shelf.sensor_name).toBe(item?.sensor_name);
    expect(shelf.sensor_name).not.toBe(d.sensor.leafId);
    // E-mail: no delivery planned. Escalation: no level stored, none sent at any time.
    expect(await deliveriesOf([alarmId])).toEqual([]);
    await escalationEngineAt(t.db, 0).drain();
    await escalationEngineAt(t.db, 31 * MINUTE).drain();
    expect(await d.steps()).toEqual([]);
    expect(await d.mails()).toEqual([]);
    await d.step('clear');

    const [listed] = (await listShelves(t.app, d.manager.authorization, d.site.id)).results;
    expect(listed?.id).toBe(shelf.id);
    const unshelved = await postUnshelve(t.app, d.manager.authorization, d.site.id, shelf.id);
    expect(unshelved.statusCode).toBe(200);
    await d.step('alarm');
    const again = (await d.logOf()).results[0];
    expect(again?.shelved).toBe(false);
    expect(again === undefined ? [] : await deliveriesOf([again.id])).toHaveLength(1);
    await escalationEngineAt(t.db, 0).drain();
    expect((await d.mails()).map((mail) => mail.level)).toEqual([1, 1]);
  });

  it('stops a walk that began before the shelf at its next level (reason shelved)', async () => {
    const d = await escalatingDevice(t.app, t.db);
    await d.step('alarm');
    await escalationEngineAt(t.db, 0).drain();
    expect((await d.mails()).map((mail) => mail.level)).toEqual([1, 1]);
    await shelve(t.app, d.manager.authorization, d.site.id, {
      device: d.device.id,
      sensor_id: d.sensor.fullId,
      reason: 'Known fault, crew on the way',
      minutes: 120,
    });
    await escalationEngineAt(t.db, 10 * MINUTE + 1000).drain();
    expect(await d.mails()).toHaveLength(2);
    expect((await d.steps()).map((step) => [step.level, step.state, step.reason])).toEqual([
      [1, 'sent', null],
      [2, 'stopped', 'shelved'],
    ]);
  });

  it('expires a shelf at its time exactly once with two timers racing, and logs it', async () => {
    const d = await escalatingDevice(t.app, t.db);
    const shelf = await shelve(t.app, d.manager.authorization, d.site.id, {
      device: d.device.id,
      sensor_id: d.sensor.fullId,
      reason: 'Loop check',
      minutes: 5,
    });
    // Not yet at its time: nothing ends.
    await t.app.shelvingTimer.expireAt(new Date(Date.now() + 4 * MINUTE));
    expect((await listShelves(t.app, d.manager.authorization, d.site.id)).count).toBe(1);
    // Two instances (or a restart) at its time: ended once.
    const later = new Date(Date.parse(shelf.until) + 1000);
    await Promise.all([t.app.shelvingTimer.expireAt(later), t.app.shelvingTimer.expireAt(later)]);
    const [ended] = await t.db.select().from(sensorShelves).where(eq(sensorShelves.id, shelf.id));
    expect(ended).toMatchObject({ unshelveHow: 'expired', unshelvedByName: null });
    expect(ended?.unshelvedAt?.toISOString()).toBe(shelf.until);
    const notices = await t.db
      .select({ content: notifications.content })
      .from(notifications)
      .where(eq(notifications.deviceId, d.device.id));
    expect(notices.filter((notice) => notice.content.endsWith('unshelved (expired)'))).toHaveLength(1);
    expect((await listShelves(t.app, d.manager.authorization, d.site.id)).count).toBe(0);
  });
});
