import { randomBytes } from 'node:crypto';
import { NotificationPushSchema } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authFrame, listenForSockets } from '../../../test/feed-client';
import { alarmingDevice } from '../../../test/fixtures/notifications';
import { requireService } from '../../../test/services';
import { waitFor } from '../../../test/telemetry';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// Two Vigil instances on one database and one Redis (CI: TEST_REDIS_URL=redis://127.0.0.1:6379).
const redisUrl = await requireService('redis');
const CEILING_MS = 60_000;

describe.skipIf(redisUrl === undefined)(
  'notification pushes reach sockets on another instance (needs TEST_REDIS_URL)',
  { timeout: 150_000 },
  () => {
    let a: TestApp;
    let b: TestApp;
    let urlB: string;

    beforeAll(async () => {
      const env = {
        REDIS_URL: redisUrl as string,
        REDIS_CHANNEL_PREFIX: `vigil-test-${process.pid}-${randomBytes(4).toString('hex')}:`,
      };
      a = await buildTestApp({ env });
      b = await buildTestApp({ env, database: a.database });
      urlB = await listenForSockets(b.app);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('pushes an alarm ingested and projected by instance A to the socket on instance B, once', async () => {
      const d = await alarmingDevice(a.app, a.db);
      await d.post('clear');
      await a.app.notificationProjector.drain();
      const socket = new WebSocket(`${urlB}/ws/current-user-notifications/`);
      const frames: string[] = [];
      socket.on('message', (data) => frames.push(data.toString()));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(authFrame(d.manager.authorization.replace(/^JWT /, '')));
      await waitFor(() => frames.length === 1, CEILING_MS);

      await d.post('alarm');
      await a.app.notificationProjector.drain();
      const alarms = () =>
        frames
          .map((frame) => NotificationPushSchema.parse(JSON.parse(frame)))
          .flatMap((push) => push.notifications)
          .filter((item) => item.type === 'alarm_on');
      await waitFor(() => alarms().length > 0, CEILING_MS);
      // B's own projector found nothing left to dispatch: the alarm was pushed once.
      await b.app.notificationProjector.drain();
      expect(alarms()).toHaveLength(1);
      expect(alarms()[0]).toMatchObject({ device_pk: d.device.id, sensor_name: d.sensor.name });
      socket.close();
    });
  },
);
