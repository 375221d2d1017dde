import { listSensors, NotificationPushSchema } from '@vigil/contracts';
import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { assignToSite, buildClient, buildSite, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { authFrame, listenForSockets } from '../../../test/feed-client';
import { alarmingDevice, listNotifications, typesOf } from '../../../test/fixtures/notifications';
import { postStep, postTree, provisionTypedDevice, signedInAt, treeWith } from '../../../test/maintenance';
import { waitFor } from '../../../test/telemetry';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import { deviceEvents } from '../../db/tables/device-events.table';
import { notifications } from '../../db/tables/notifications.table';

const tokenOf = (authorization: string) => authorization.replace(/^JWT /, '');

describe('the notifications log on two instances, and its socket', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes each device event one notification and dispatches it once, whichever instance runs', async () => {
    // The second instance only lives for this test: the tests below watch pushes on `t`'s own bus, which a
    // notification projected by another instance reaches only through Redis (notification-socket-redis.test.ts).
    const second = await buildTestApp({ database: t.database });
    try {
      const d = await alarmingDevice(t.app, t.db);
      // Both projectors also run on their timers; here both drain at once, twice.
      for (let i = 0; i < 5; i += 1) {
        await d.post('alarm');
        await d.post('clear');
      }
      await Promise.all([
        t.app.notificationProjector.drain(),
        second.app.notificationProjector.drain(),
        t.app.notificationProjector.drain(),
        second.app.notificationProjector.drain(),
      ]);
      await waitFor(async () => {
        const [left] = await t.db
          .select({ n: count() })
          .from(deviceEvents)
          .where(isNull(deviceEvents.projectedAt));
        const [waiting] = await t.db
          .select({ n: count() })
          .from(notifications)
          .where(isNull(notifications.dispatchedAt));
        return left?.n === 0 && waiting?.n === 0;
      });
      const events = await t.db.select().from(deviceEvents).where(eq(deviceEvents.deviceId, d.device.id));
      const rows = await t.db.select().from(notifications).where(eq(notifications.deviceId, d.device.id));
      expect(rows).toHaveLength(events.length);
      expect(new Set(rows.map((row) => row.deviceEventId)).size).toBe(events.length);
      const page = await listNotifications(t.app, d.manager.authorization, `?device=${d.device.id}`);
      expect(typesOf(page.results)).toEqual([
        'device_online',
        ...Array.from({ length: 5 }, () => ['alarm_on', 'alarm_off']).flat(),
      ]);
      // Each 'off' closed the 'on' just before it.
      const ordered = [...page.results].reverse();
      for (let i = 1; i < ordered.length; i += 2) {
        expect(ordered[i + 1]?.forebear_pk).toBe(ordered[i]?.id);
      }
    } finally {
      await second.close();
    }
  });

  it('pushes new notifications to the sockets of the people who see the site, and no one else', async () => {
    const d = await alarmingDevice(t.app, t.db);
    const base = await listenForSockets(t.app);
    const open = async (authorization: string | null, firstFrame?: string) => {
      const socket = new WebSocket(`${base}/ws/current-user-notifications/`);
      const frames: string[] = [];
      socket.on('message', (data) => frames.push(data.toString()));
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(firstFrame ?? authFrame(tokenOf(authorization ?? '')));
      return { socket, frames, closed };
    };

    const watcher = await open(d.manager.authorization);
    await waitFor(() => watcher.frames.length === 1);
    const first = NotificationPushSchema.parse(JSON.parse(watcher.frames[0] ?? ''));
    expect(first.notifications).toEqual([]);

    const stranger = await buildUser(t.db);
    await assignToSite(t.db, stranger, await buildSite(t.db, await buildClient(t.db)), 'Manager');
    const other = await open(await authHeader(t.app, stranger.email, TEST_PASSWORD));
    await waitFor(() => other.frames.length === 1);

    // One instance here; across instances the push travels on the Redis bus's control channel.
    await d.post('alarm');
    await t.app.notificationProjector.drain();
    await waitFor(() =>
      watcher.frames.some((frame) =>
        JSON.parse(frame).notifications.some((n: { type: string }) => n.type === 'alarm_on'),
      ),
    );
    const push = NotificationPushSchema.parse(JSON.parse(watcher.frames.at(-1) ?? ''));
    expect(push).toMatchObject({ device: d.device.title, location: d.site.title });
    expect(push.notifications.at(-1)).toMatchObject({
      type: 'alarm_on',
      event_type: 'Alarm Detected',
      color: 'red',
      sensor_name: d.sensor.name,
      device_pk: d.device.id,
      url: `/dashboard?device=${d.device.id}`,
    });
    expect(push.count).toBeGreaterThan(0);
    expect(other.frames).toHaveLength(1);

    const bad = await open(null, authFrame('not-a-token'));
    expect(await bad.closed).toBe(4401);
    const garbage = await open(null, 'hello');
    expect(await garbage.closed).toBe(4401);

    // Signing out closes the socket of that session.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/logout/',
      headers: { authorization: d.manager.authorization },
    });
    expect(await watcher.closed).toBe(4401);
    other.socket.close();
  });

  it('records every maintenance step as a maintenance notification', async () => {
    const d = await alarmingDevice(t.app, t.db);
    await d.post('clear');
    const started = await postStep(t.app, d.manager.authorization, d.device.id, {
      event_type: 'maintenance_expect_alarm_on',
      sensor_id: d.sensor.fullId,
      sensor_name: d.sensor.name,
    });
    expect(started.statusCode, started.body).toBe(200);
    await d.post('alarm');
    await t.app.notificationProjector.drain();
    const page = await listNotifications(
      t.app,
      d.manager.authorization,
      `?device=${d.device.id}&event_type=maintenance`,
    );
    expect(page.results.map((item) => item.content).reverse()).toEqual([
      expect.stringMatching(
        new RegExp(`^Maintenance test started on ${d.sensor.name} .* by Manager Person$`),
      ),
      expect.stringMatching(/^Maintenance test: alarm detected on /),
    ]);
  });

  it("records an F500-UDF's SN2 status change (its System State 'Status') as sn2_status_change", async () => {
    const d = await provisionTypedDevice(t.db, 'F500-UDF');
    const { authorization } = await signedInAt(t.app, t.db, d.site, 'Manager');
    const withStatus = (value: number, tick: number) => {
      const tree = treeWith(d.identity, 'none', 'clear', tick);
      const status = listSensors(tree).find(({ fullId }) => /\.system\.2$/.test(fullId));
      expect(status?.sensor.Name).toBe('Status');
      Object.assign(status?.sensor ?? {}, {
        Value: value,
        Meta: { State: ['Running', 'Stopped', 'Fault'][value] },
      });
      return tree;
    };
    expect(await postTree(t.app, d.identity, withStatus(0, 1))).toBe(202);
    expect(await postTree(t.app, d.identity, withStatus(0, 2))).toBe(202);
    expect(await postTree(t.app, d.identity, withStatus(2, 3))).toBe(202);
    await t.app.notificationProjector.drain();
    const page = await listNotifications(
      t.app,
      authorization,
      `?device=${d.device.id}&event_type=sn2_status_change`,
    );
    expect(page.results.map((item) => [item.content, item.event_label, item.value])).toEqual([
      [`SN2 status of ${d.device.title} changed to Fault`, 'SN2 Status Change', 'Fault'],
    ]);
  });

  it('fills in old events as history: no push and no e-mail for what happened over an hour ago', async () => {
    const d = await alarmingDevice(t.app, t.db);
    const longAgo = new Date(Date.now() - 3 * 60 * 60 * 1000);
    await t.db.insert(deviceEvents).values({
      deviceId: d.device.id,
      ts: longAgo,
      kind: 'power_up',
      detail: { reason: 'watchdog' },
    });
    await t.app.notificationProjector.drain();
    const [row] = await t.db.select().from(notifications).where(eq(notifications.eventType, 'power_up'));
    expect(row).toMatchObject({ content: `Device ${d.device.title} powered up (watchdog)` });
    expect(row?.dateCreated.getTime()).toBe(longAgo.getTime());
    expect(row?.dispatchedAt).not.toBeNull();
  });
});
