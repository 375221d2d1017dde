import { MAINTENANCE_EVENTS, MAINTENANCE_MESSAGES, type MaintenanceRecord } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  infoOf,
  postStep,
  postTree,
  provisionTypedDevice,
  signedInAt,
  testableSensorOf,
  treeWith,
} from '../../../test/maintenance';
import { WAIT_CEILING_MS } from '../../../test/telemetry';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { failOverdueTests, findMaintenanceRecords } from './maintenance.repo';

const { expectAlarmOn, expectAlarmOff, failed } = MAINTENANCE_EVENTS;
const TIMEOUT_S = 2;
const waitOptions = { timeout: WAIT_CEILING_MS, interval: 100 };

describe('maintenance timeouts, restarts and several instances', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { MAINTENANCE_TIMEOUT_S: String(TIMEOUT_S) } });
  });
  afterAll(async () => t.close());

  async function startedTest(app = t.app) {
    const d = await provisionTypedDevice(t.db, 'F500');
    const sensor = testableSensorOf(d.identity);
    expect(await postTree(app, d.identity, treeWith(d.identity, sensor.fullId, 'clear', 0))).toBe(202);
    const { authorization } = await signedInAt(app, t.db, d.site, 'Manager');
    const started = await postStep(app, authorization, d.device.id, {
      event_type: expectAlarmOn,
      sensor_id: sensor.fullId,
      sensor_name: sensor.name,
    });
    expect(started.statusCode).toBe(200);
    return { ...d, sensor, authorization };
  }

  const eventsOf = async (deviceId: number) =>
    (await findMaintenanceRecords(t.db, deviceId)).map((record) => record.eventType);

  it('fails a test that saw no cleared alarm within MAINTENANCE_TIMEOUT_S; closing it needs a comment', async () => {
    const d = await startedTest();
    expect(await postTree(t.app, d.identity, treeWith(d.identity, d.sensor.fullId, 'alarm', 1))).toBe(202);
    await vi.waitFor(async () => {
      expect((await infoOf(t.app, d.authorization, d.device.id))[d.sensor.leafId]?.state).toBe(failed);
    }, waitOptions);
    // A cleared alarm after the timeout changes nothing.
    expect(await postTree(t.app, d.identity, treeWith(d.identity, d.sensor.fullId, 'clear', 2))).toBe(202);
    expect((await infoOf(t.app, d.authorization, d.device.id))[d.sensor.leafId]?.state).toBe(failed);

    const close = (comment: string) =>
      postStep(t.app, d.authorization, d.device.id, {
        event_type: failed,
        sensor_id: d.sensor.fullId,
        comment,
      });
    expect((await close('empty area')).json()).toEqual({ comment: [MAINTENANCE_MESSAGES.commentRequired] });
    const cancel = await postStep(t.app, d.authorization, d.device.id, {
      event_type: MAINTENANCE_EVENTS.canceled,
      sensor_id: d.sensor.fullId,
      comment: 'too late',
    });
    expect(cancel.json()).toEqual({ event_type: [MAINTENANCE_MESSAGES.ended] });
    const closed = await close('Probe did not reach the limit');
    expect(closed.statusCode).toBe(200);
    expect(closed.json<MaintenanceRecord>()).toMatchObject({
      event_type: failed,
      comment: 'Probe did not reach the limit',
    });
    expect(await eventsOf(d.device.id)).toEqual([expectAlarmOn, expectAlarmOff, failed]);
  });

  it('keeps a test across a restart, and fires a timeout that fell due while no instance ran', async () => {
    const database = t.database;
    const first = await buildTestApp({ database, env: { MAINTENANCE_TIMEOUT_S: '600' } });
    const d = await startedTest(first.app);
    await first.close();

    const second = await buildTestApp({ database, env: { MAINTENANCE_TIMEOUT_S: '600' } });
    try {
      const entry = (await infoOf(second.app, d.authorization, d.device.id))[d.sensor.leafId];
      expect(entry).toMatchObject({ state: expectAlarmOn, sensor_id: d.sensor.fullId });
      // The restarted instance watches the test's trees.
      expect(await postTree(second.app, d.identity, treeWith(d.identity, d.sensor.fullId, 'alarm', 1))).toBe(
        202,
      );
      expect((await infoOf(second.app, d.authorization, d.device.id))[d.sensor.leafId]?.state).toBe(
        expectAlarmOff,
      );
    } finally {
      await second.close();
    }

    // Nothing runs while the deadline passes; the next instance fires it as it starts.
    const due = await startedTest();
    await t.app.maintenanceMonitor.stop();
    const deadline =
      (await infoOf(t.app, due.authorization, due.device.id))[due.sensor.leafId]?.deadline ?? 0;
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(deadline), waitOptions);
    expect(await eventsOf(due.device.id)).toEqual([expectAlarmOn]);
    const third = await buildTestApp({ database });
    try {
      expect(await eventsOf(due.device.id)).toEqual([expectAlarmOn, failed]);
    } finally {
      await third.close();
      await t.app.maintenanceMonitor.start();
    }
  });

  it('fires one timeout exactly once when two instances on one database race for it', async () => {
    const other = await buildTestApp({
      database: t.database,
      env: { MAINTENANCE_TIMEOUT_S: String(TIMEOUT_S) },
    });
    try {
      const d = await startedTest(other.app);
      const entry = (await infoOf(t.app, d.authorization, d.device.id))[d.sensor.leafId];
      const past = new Date((entry?.deadline ?? 0) + 1000);
      // Both monitors (advisory lock) and both bare conditional UPDATEs (no lock) at once, beside the ticks.
      const fired = await Promise.all([
        t.app.maintenanceMonitor.fireTimeouts(past),
        other.app.maintenanceMonitor.fireTimeouts(past),
        failOverdueTests(t.db, past, { deviceId: d.device.id }),
        failOverdueTests(other.db, past, { deviceId: d.device.id }),
      ]);
      const mine = fired.flat().filter((test) => test.deviceId === d.device.id);
      expect(mine.length).toBeLessThanOrEqual(1);
      await vi.waitFor(async () => expect(await eventsOf(d.device.id)).toContain(failed), waitOptions);
      expect(await eventsOf(d.device.id)).toEqual([expectAlarmOn, failed]);
    } finally {
      await other.close();
    }
  });

  it('applies an alarm seen by either instance once', async () => {
    const other = await buildTestApp({ database: t.database, env: { MAINTENANCE_TIMEOUT_S: '600' } });
    try {
      const d = await startedTest(other.app);
      // The instance that did not start the test learns of it from the database.
      await t.app.maintenanceMonitor.refresh();
      const alarm = treeWith(d.identity, d.sensor.fullId, 'alarm', 1);
      expect(
        await Promise.all([postTree(t.app, d.identity, alarm), postTree(other.app, d.identity, alarm)]),
      ).toEqual([202, 202]);
      expect(await eventsOf(d.device.id)).toEqual([expectAlarmOn, expectAlarmOff]);
    } finally {
      await other.close();
    }
  });
});
