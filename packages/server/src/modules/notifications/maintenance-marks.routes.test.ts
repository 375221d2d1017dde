import { type NotificationPushItem, NotificationPushSchema } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authFrame, listenForSockets } from '../../../test/feed-client';
import { alarmingDevice } from '../../../test/fixtures/notifications';
import { postStep } from '../../../test/maintenance';
import { waitFor } from '../../../test/telemetry';
import { buildTestApp, type TestApp } from '../../../test/test-app';

/** Every notification pushed to a socket so far. */
function pushedItems(frames: readonly string[]): NotificationPushItem[] {
  return frames.flatMap((frame) => NotificationPushSchema.parse(JSON.parse(frame)).notifications);
}

describe('pushes of the alarm a maintenance test forces (issue 23)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("say the tested sensor's alarm and its clearing happened under the test, and later alarms do not", async () => {
    const d = await alarmingDevice(t.app, t.db);
    await d.post('clear');
    const base = await listenForSockets(t.app);
    const socket = new WebSocket(`${base}/ws/current-user-notifications/`);
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(data.toString()));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(authFrame(d.manager.authorization.replace(/^JWT /, '')));
    await waitFor(() => frames.length === 1);
    const pushedOf = (type: string) => pushedItems(frames).filter((item) => item.type === type);

    const started = await postStep(t.app, d.manager.authorization, d.device.id, {
      event_type: 'maintenance_expect_alarm_on',
      sensor_id: d.sensor.fullId,
      sensor_name: d.sensor.name,
    });
    expect(started.statusCode, started.body).toBe(200);
    await d.post('alarm');
    await d.post('clear');
    await t.app.notificationProjector.drain();
    await waitFor(() => pushedOf('alarm_off').length === 1);
    expect(pushedOf('alarm_on').map((item) => item.in_maintenance_test)).toEqual([true]);
    expect(pushedOf('alarm_off').map((item) => item.in_maintenance_test)).toEqual([true]);
    // The test's own steps are news, not a forced alarm.
    expect(pushedOf('maintenance').every((item) => item.in_maintenance_test === false)).toBe(true);

    // The test succeeded and is closed: the sensor's next alarm is a real one.
    const closed = await postStep(t.app, d.manager.authorization, d.device.id, {
      event_type: 'maintanance_succeeded',
      sensor_id: d.sensor.fullId,
      sensor_name: d.sensor.name,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await d.post('alarm');
    await t.app.notificationProjector.drain();
    await waitFor(() => pushedOf('alarm_on').length === 2);
    expect(pushedOf('alarm_on').map((item) => item.in_maintenance_test)).toEqual([true, false]);
    socket.close();
  });
});
