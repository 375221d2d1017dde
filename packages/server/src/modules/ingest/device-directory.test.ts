import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionDevice } from '../../../test/telemetry';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { updateDevice } from '../devices/devices.repo';
import { DeviceDirectory } from './device-directory';

describe('DeviceDirectory', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('authenticates serial number and code, never returning the code', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const directory = new DeviceDirectory(t.db);
    const found = await directory.authenticate(identity.serialNumber, identity.code);
    expect(found).toMatchObject({ id: device.id, udfId: device.udfId, locationId: device.locationId });
    expect(found).not.toHaveProperty('code');
    expect(await directory.authenticate(identity.serialNumber, `${identity.code}x`)).toBeUndefined();
    expect(await directory.authenticate(identity.serialNumber, '')).toBeUndefined();
    expect(await directory.authenticate('NO-SUCH-SERIAL', '')).toBeUndefined();
  });

  it('caches for the TTL and forgets on invalidateAll', async () => {
    const { device } = await provisionDevice(t.db);
    let now = 0;
    const directory = new DeviceDirectory(t.db, { ttlMs: 60_000, now: () => now });
    expect((await directory.findByUdfId(device.udfId))?.isSuspended).toBe(false);
    await updateDevice(t.db, device.id, { isSuspended: true });
    expect((await directory.findByUdfId(device.udfId))?.isSuspended).toBe(false);
    directory.invalidateAll();
    expect((await directory.findByUdfId(device.udfId))?.isSuspended).toBe(true);
    await updateDevice(t.db, device.id, { isSuspended: false });
    now = 60_001;
    expect((await directory.findByUdfId(device.udfId))?.isSuspended).toBe(false);
  });

  it('remembers a suspended or unknown device only briefly, so a reactivation elsewhere is seen within seconds', async () => {
    const { device } = await provisionDevice(t.db);
    await updateDevice(t.db, device.id, { isSuspended: true });
    let now = 0;
    const directory = new DeviceDirectory(t.db, { ttlMs: 60_000, now: () => now });
    expect((await directory.findByUdfId(device.udfId))?.isSuspended).toBe(true);
    await updateDevice(t.db, device.id, { isSuspended: false });
    now = 1_000;
    expect((await directory.findByUdfId(device.udfId))?.isSuspended).toBe(true);
    now = 2_001;
    expect((await directory.findByUdfId(device.udfId))?.isSuspended).toBe(false);
    expect(await directory.findByUdfId('NOSUCH')).toBeUndefined();
  });

  it('drops the devices an access-changed event names (device, site or client), by udf_id and serial alike', async () => {
    const first = await provisionDevice(t.db);
    const second = await provisionDevice(t.db);
    const directory = new DeviceDirectory(t.db, { ttlMs: 60_000, now: () => 0 });
    const states = async () => [
      (await directory.findByUdfId(first.identity.udfId))?.isSuspended,
      (await directory.authenticate(first.identity.serialNumber, first.identity.code))?.isSuspended,
      (await directory.findByUdfId(second.identity.udfId))?.isSuspended,
    ];
    expect(await states()).toEqual([false, false, false]);
    await updateDevice(t.db, first.device.id, { isSuspended: true });
    await updateDevice(t.db, second.device.id, { isSuspended: true });

    directory.handleControl({ name: 'access-changed', data: { userId: 1 } });
    directory.handleControl({ name: 'session-revoked', data: { userId: 1 } });
    expect(await states()).toEqual([false, false, false]);
    directory.handleControl({ name: 'access-changed', data: { udfId: first.identity.udfId } });
    expect(await states()).toEqual([true, true, false]);
    directory.handleControl({ name: 'access-changed', data: { locationId: second.site.id } });
    expect(await states()).toEqual([true, true, true]);
  });
});
