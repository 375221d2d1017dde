import { listSensors, type StateTree } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionDevice, silentLog, type TestDevice, treeOf } from '../../../test/telemetry';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { devices } from '../../db/tables/devices.table';
import { InProcessBus } from '../../realtime/bus';
import { DeviceDirectory } from '../ingest/device-directory';
import { IngestService } from '../ingest/ingest.service';
import { createIngestMetrics } from '../ingest/ingest-metrics';
import { listDeviceEvents, tryLockOfflineSweep } from './device-events.repo';

describe('device events through the real ingest', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  type Identity = TestDevice['identity'];
  const postTree = (identity: Identity, tree: StateTree) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/ingest/${identity.udfId}/`,
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${identity.serialNumber}:${identity.code}`).toString('base64')}`,
      },
      payload: JSON.stringify(tree),
    });

  /** The device's simulated tree with every sensor clear, `alarmed` in alarm, and a `tick` to make each one new. */
  function treeWith(identity: Identity, alarmed: string | undefined, tick: number): StateTree {
    const tree = JSON.parse(treeOf(identity, 1)) as StateTree;
    for (const { fullId, sensor } of listSensors(tree)) {
      const inAlarm = fullId === alarmed;
      // An ENUM keeps its state: the System group's Status changing is an event of its own (sn2_status_change).
      const value = sensor.Type === 'ENUM' ? sensor.Value : tick;
      Object.assign(sensor, { Alarm: inAlarm, Status: inAlarm ? 'Alarm' : 'OK', Value: value });
    }
    return tree;
  }
  /** The tree's first sensor whose value is a reading (ENUMs keep their state in these trees). */
  const firstSensorOf = (identity: Identity) =>
    listSensors(treeWith(identity, undefined, 0)).find(({ sensor }) => sensor.Type !== 'ENUM')?.fullId;
  const kindsOf = async (deviceId: number) =>
    (await listDeviceEvents(t.db, deviceId)).map((event) => `${event.kind} ${event.sensorId ?? ''}`.trim());

  it('stores device_online, then alarm_on and alarm_off of a sensor, in the commits the 202s wait for', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const sensorId = firstSensorOf(identity);
    expect((await postTree(identity, treeWith(identity, undefined, 1))).statusCode).toBe(202);
    expect((await postTree(identity, treeWith(identity, sensorId, 2))).statusCode).toBe(202);
    expect((await postTree(identity, treeWith(identity, sensorId, 3))).statusCode).toBe(202);
    expect((await postTree(identity, treeWith(identity, undefined, 4))).statusCode).toBe(202);

    expect(await kindsOf(device.id)).toEqual([
      'device_online',
      `alarm_on ${sensorId}`,
      `alarm_off ${sensorId}`,
    ]);
    const [, on, off] = await listDeviceEvents(t.db, device.id);
    // The reading, and the sensor's name and state text for the notifications log.
    expect(on?.detail).toMatchObject({ value: 2, status: 'Alarm', ...unitsOf(identity, sensorId) });
    expect(off?.detail).toMatchObject({ value: 4, status: 'OK', ...unitsOf(identity, sensorId) });
    expect(on?.detail?.name).toEqual(expect.any(String));
    expect(off?.ts.getTime()).toBeGreaterThan(on?.ts.getTime() ?? Number.POSITIVE_INFINITY);
  });

  function unitsOf(identity: Identity, sensorId: string | undefined): { units?: string } {
    const units = listSensors(treeWith(identity, undefined, 0)).find((entry) => entry.fullId === sensorId)
      ?.sensor.Meta.Units;
    return units ? { units } : {};
  }

  it('compares the first tree after a restart with the stored one: no repeated alarm_on, the alarm_off kept', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const sensorId = firstSensorOf(identity);
    expect((await postTree(identity, treeWith(identity, sensorId, 1))).statusCode).toBe(202);

    const restarted = await buildTestApp({ database: t.database });
    try {
      const post = (tree: StateTree) =>
        restarted.app.inject({
          method: 'POST',
          url: `/api/v1/ingest/${identity.udfId}/`,
          headers: {
            'content-type': 'application/json',
            authorization: `Basic ${Buffer.from(`${identity.serialNumber}:${identity.code}`).toString('base64')}`,
          },
          payload: JSON.stringify(tree),
        });
      expect((await post(treeWith(identity, sensorId, 2))).statusCode).toBe(202);
      expect((await post(treeWith(identity, undefined, 3))).statusCode).toBe(202);
    } finally {
      await restarted.close();
    }
    expect(await kindsOf(device.id)).toEqual([
      'device_online',
      `alarm_on ${sensorId}`,
      `alarm_off ${sensorId}`,
    ]);
  });

  it('stores power_up with the reason and boot count of a boot message', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const boot = {
      type: 'boot',
      deviceId: identity.udfId,
      deviceType: 'f500',
      time: 1_780_000_000,
      reason: 'watchdog',
      bootCount: 12,
    };
    expect(await t.app.ingest.ingestBoot(identity.udfId, JSON.stringify(boot))).toEqual({ ok: true });

    const events = await listDeviceEvents(t.db, device.id);
    expect(events.map((event) => event.kind)).toEqual(['device_online', 'power_up']);
    expect(events[1]).toMatchObject({ sensorId: null, detail: { reason: 'watchdog', bootCount: 12 } });
  });

  it('stores nothing for a device suspended between its acceptance and the commit', async () => {
    const { device, identity } = await provisionDevice(t.db);
    // The directory still holds the device as active when the suspension reaches the database.
    await t.app.ingest.directory.findByUdfId(identity.udfId);
    await t.db.update(devices).set({ isSuspended: true }).where(eq(devices.id, device.id));

    expect((await postTree(identity, treeWith(identity, firstSensorOf(identity), 1))).statusCode).toBe(403);
    const boot = { type: 'boot', deviceId: identity.udfId, deviceType: 'f500', time: 1, reason: 'power-up' };
    expect(await t.app.ingest.ingestBoot(identity.udfId, JSON.stringify(boot))).toMatchObject({
      ok: false,
      reason: 'suspended',
    });
    expect(await listDeviceEvents(t.db, device.id)).toEqual([]);
  });

  describe('offline sweeper', () => {
    const lastSeenAt = new Date('2026-07-01T08:00:00Z');

    /** A device that was online and has been silent since lastSeenAt. */
    async function silentDevice() {
      const provisioned = await provisionDevice(t.db);
      await t.db
        .update(devices)
        .set({ isOnline: true, lastSeenAt })
        .where(eq(devices.id, provisioned.device.id));
      return provisioned;
    }

    function otherInstance(): IngestService {
      return new IngestService({
        db: t.db,
        directory: new DeviceDirectory(t.db),
        bus: new InProcessBus(),
        metrics: createIngestMetrics(undefined),
        log: silentLog,
        offlineAfterSeconds: 60,
      });
    }

    it('stores device_offline at the sweep time with the last time the device was seen, once', async () => {
      const { device, identity } = await silentDevice();
      const before = Date.now();
      expect(await t.app.ingest.sweepOffline()).toContain(identity.udfId);
      expect(await t.app.ingest.sweepOffline()).not.toContain(identity.udfId);

      const events = await listDeviceEvents(t.db, device.id);
      expect(events.map((event) => event.kind)).toEqual(['device_offline']);
      expect(events[0]?.detail).toEqual({ lastSeenAt: lastSeenAt.toISOString() });
      expect(events[0]?.ts.getTime()).toBeGreaterThanOrEqual(before);
      expect(events[0]?.ts.getTime()).toBeLessThanOrEqual(Date.now());
    });

    it('writes one device_offline when two instances sweep at the same time', async () => {
      const { device, identity } = await silentDevice();
      const other = otherInstance();
      try {
        const swept = (await Promise.all([t.app.ingest.sweepOffline(), other.sweepOffline()])).flat();
        expect(swept.filter((udfId) => udfId === identity.udfId)).toHaveLength(1);
      } finally {
        await other.stop();
      }
      expect(await kindsOf(device.id)).toEqual(['device_offline']);
    });

    // PGlite has one connection: a second transaction cannot run while the first holds the lock.
    it.skipIf(process.env.VIGIL_TEST_DRIVER !== 'postgres')(
      'skips its turn while another instance sweeps',
      async () => {
        const { device, identity } = await silentDevice();
        await t.db.transaction(async (tx) => {
          expect(await tryLockOfflineSweep(tx)).toBe(true);
          expect(await t.app.ingest.sweepOffline()).toEqual([]);
        });
        expect(await kindsOf(device.id)).toEqual([]);
        expect(await t.app.ingest.sweepOffline()).toContain(identity.udfId);
        expect(await kindsOf(device.id)).toEqual(['device_offline']);
      },
    );

    it('stores device_online when the device sends again', async () => {
      const { device, identity } = await silentDevice();
      await t.app.ingest.sweepOffline();
      expect((await postTree(identity, treeWith(identity, undefined, 1))).statusCode).toBe(202);
      expect(await kindsOf(device.id)).toEqual(['device_offline', 'device_online']);
    });
  });
});
