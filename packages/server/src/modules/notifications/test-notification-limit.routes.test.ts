import { LIMIT_MESSAGES, TEST_NOTIFICATION_INTERVAL_S } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNotifications } from '../../../test/fixtures/notifications';
import { provisionTypedDevice, signedInAt } from '../../../test/maintenance';
import { requireService, sharedRedisEnv } from '../../../test/services';
import { buildTestApp, type TestApp } from '../../../test/test-app';

/** One test notification a minute per person and device (issue 23). */

const post = (t: TestApp, authorization: string, deviceId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/devices/${deviceId}/test-notification/`,
    headers: { authorization },
  });

describe('the test notification limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('sends one a minute per person and device, and says when the next may go', async () => {
    const d = await provisionTypedDevice(t.db, 'F500');
    const other = await provisionTypedDevice(t.db, 'F500', d.site);
    const manager = await signedInAt(t.app, t.db, d.site, 'Manager');
    const engineer = await signedInAt(t.app, t.db, d.site, 'Engineer');
    const reader = await signedInAt(t.app, t.db, d.site, 'User');

    expect((await post(t, manager.authorization, d.device.id)).statusCode).toBe(202);
    const refused = await post(t, manager.authorization, d.device.id);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(TEST_NOTIFICATION_INTERVAL_S);
    expect(refused.json()).toEqual({ detail: LIMIT_MESSAGES.testNotificationTooSoon(retryAfter) });

    // The turn is the person's for the device: another device, and another editor, still send.
    expect((await post(t, manager.authorization, other.device.id)).statusCode).toBe(202);
    expect((await post(t, engineer.authorization, d.device.id)).statusCode).toBe(202);
    // Who may not send at all is told so, not asked to wait.
    expect((await post(t, reader.authorization, d.device.id)).statusCode).toBe(403);
    expect((await post(t, reader.authorization, d.device.id)).statusCode).toBe(403);

    await t.app.notificationProjector.drain();
    const page = await listNotifications(
      t.app,
      reader.authorization,
      `?device=${d.device.id}&event_type=test`,
    );
    expect(page.count).toBe(2);
  });
});

// Two instances on one Redis (CI: TEST_REDIS_URL=redis://127.0.0.1:6379) share the count.
const redisUrl = await requireService('redis');

describe.skipIf(redisUrl === undefined)(
  'the test notification limit across instances (needs TEST_REDIS_URL)',
  () => {
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      const env = sharedRedisEnv(redisUrl as string);
      a = await buildTestApp({ env });
      b = await buildTestApp({ env, database: a.database });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('refuses on instance B the test just sent through instance A', async () => {
      const d = await provisionTypedDevice(a.db, 'F500');
      const manager = await signedInAt(a.app, a.db, d.site, 'Manager');

      expect((await post(a, manager.authorization, d.device.id)).statusCode).toBe(202);
      expect((await post(b, manager.authorization, d.device.id)).statusCode).toBe(429);
    });
  },
);
