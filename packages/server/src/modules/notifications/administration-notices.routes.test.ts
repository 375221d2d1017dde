import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignToSite, buildClient, buildSite, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { listNotifications } from '../../../test/fixtures/notifications';
import { provisionTypedDevice, signedInAt } from '../../../test/maintenance';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';

describe('administration and test notifications', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it("records a device's changes, suspension and removal, and a site's, by whom", async () => {
    const d = await provisionTypedDevice(t.db, 'F500');
    const { authorization } = await signedInAt(t.app, t.db, d.site, 'Manager');
    const inject = (method: 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v1/${url}`, headers: { authorization }, payload });
    expect((await inject('PATCH', `devices/${d.device.id}/`, { title: 'Elevator 7' })).statusCode).toBe(200);
    expect((await inject('POST', `devices/${d.device.id}/suspend/`)).statusCode).toBe(200);
    expect((await inject('PATCH', `locations/${d.site.id}/`, { title: 'North Mill' })).statusCode).toBe(200);
    expect((await inject('DELETE', `devices/${d.device.id}/`)).statusCode).toBe(204);
    await t.app.notificationProjector.drain();

    const page = await listNotifications(t.app, authorization, `?location=${d.site.id}`);
    expect(page.results.map((item) => [item.event_type, item.content]).reverse()).toEqual([
      ['device_administration', 'Device Elevator 7 changed by Manager Person'],
      ['device_administration', 'Device Elevator 7 suspended by Manager Person'],
      ['site_administration', 'Site North Mill changed by Manager Person'],
      ['device_administration', 'Device Elevator 7 removed by Manager Person'],
    ]);
    expect(page.results[0]).toMatchObject({ device: null, device_name: 'Elevator 7', color: '#2F80ED' });
  });

  it("sends a test notification for the site's editors only; others are refused", async () => {
    const d = await provisionTypedDevice(t.db, 'F500');
    const manager = await signedInAt(t.app, t.db, d.site, 'Manager');
    const reader = await signedInAt(t.app, t.db, d.site, 'User');
    const stranger = await buildUser(t.db);
    await assignToSite(t.db, stranger, await buildSite(t.db, await buildClient(t.db)), 'Manager');
    const post = (authorization: string, id = d.device.id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/devices/${id}/test-notification/`,
        headers: { authorization },
      });

    expect((await post(manager.authorization)).statusCode).toBe(202);
    expect((await post(reader.authorization)).statusCode).toBe(403);
    expect((await post(await authHeader(t.app, stranger.email, TEST_PASSWORD))).statusCode).toBe(404);
    expect((await post(manager.authorization, 2_000_000_000)).statusCode).toBe(404);
    await t.app.notificationProjector.drain();
    const page = await listNotifications(
      t.app,
      reader.authorization,
      `?device=${d.device.id}&event_type=test`,
    );
    expect(page.results.map((item) => item.content)).toEqual([
      `Test notification for ${d.device.title}, sent by Manager Person`,
    ]);
  });
});
