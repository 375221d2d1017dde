import {
  type DeviceProofTests,
  isProofTestable,
  listSensors,
  MAINTENANCE_EVENTS,
  type SiteProofTestReport,
} from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postStep, postTree, provisionTypedDevice, signedInAt, treeWith } from '../../../test/maintenance';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { maintenanceRecords } from '../../db/tables/maintenance.table';

const DAY = 86_400_000;

describe('proof-test coverage and the site test report', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  /** A WDC4 with a clear tree stored, its proof-testable sensors, and an engineer of its site. */
  async function scene() {
    const d = await provisionTypedDevice(t.db, '0300');
    const first = treeWith(d.identity, '', 'clear', 0);
    expect(await postTree(t.app, d.identity, first)).toBe(202);
    const testable = listSensors(first).filter(({ sensor }) => isProofTestable(sensor));
    const engineer = await signedInAt(t.app, t.db, d.site, 'Engineer');
    return { ...d, first, testable, authorization: engineer.authorization };
  }

  const get = (authorization: string, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { authorization } });

  /** Runs a whole successful maintenance test on the sensor through the API and the ingest. */
  async function proveSensor(s: Awaited<ReturnType<typeof scene>>, sensorId: string, comment: string) {
    const step = (body: Record<string, unknown>) => postStep(t.app, s.authorization, s.device.id, body);
    expect(
      (await step({ event_type: MAINTENANCE_EVENTS.expectAlarmOn, sensor_id: sensorId })).statusCode,
    ).toBe(200);
    for (const [tick, condition] of [
      [1, 'alarm'],
      [2, 'clear'],
    ] as const) {
      expect(await postTree(t.app, s.identity, treeWith(s.identity, sensorId, condition, tick))).toBe(202);
    }
    const closed = await step({ event_type: MAINTENANCE_EVENTS.succeeded, sensor_id: sensorId, comment });
    expect(closed.statusCode).toBe(200);
  }

  it('lists every alarm sensor of a device: proven by a successful test, overdue after the interval, never tested', async () => {
    const s = await scene();
    const [proven, old] = s.testable;
    if (proven === undefined || old === undefined) {
      throw new Error('the WDC4 needs two proof-testable sensors');
    }
    await proveSensor(s, proven.fullId, 'Tripped with the test magnet');
    const longAgo = new Date(Date.now() - 100 * DAY);
    await t.db.insert(maintenanceRecords).values({
      testId: 999_999,
      deviceId: s.device.id,
      sensorId: old.fullId,
      sensorName: old.sensor.Name,
      groupName: 'Old',
      eventType: MAINTENANCE_EVENTS.succeeded,
      maintenanceTime: longAgo,
      comment: 'Last quarter',
    });

    const response = await get(s.authorization, `devices/${s.device.id}/proof-tests/`);
    expect(response.statusCode).toBe(200);
    const body = response.json<DeviceProofTests>();
    expect(body.interval_days).toBe(90);
    expect(body.sensors).toHaveLength(s.testable.length);
    const byId = new Map(body.sensors.map((sensor) => [sensor.sensor_id, sensor]));
    const provenRow = byId.get(proven.fullId);
    expect(provenRow).toMatchObject({
      status: 'ok',
      name: proven.sensor.Name,
      last_test: { engineer: 'Engineer Person', comment: 'Tripped with the test magnet' },
    });
    expect(provenRow?.due_date).toBe((provenRow?.last_test?.time ?? 0) + 90 * DAY);
    expect(byId.get(old.fullId)).toMatchObject({
      status: 'overdue',
      last_test: { time: longAgo.getTime(), comment: 'Last quarter' },
      due_date: longAgo.getTime() + 90 * DAY,
    });
    expect(body.counts).toEqual({ ok: 1, due: 0, overdue: 1, never: s.testable.length - 2 });
    // Most urgent first.
    expect(body.sensors[0]?.status).toBe('never');
    expect(body.sensors.at(-1)?.sensor_id).toBe(proven.fullId);
  });

  it('gives each sensor its last test whatever the outcome — failed, canceled or succeeded — beside the last passed one', async () => {
    const s = await scene();
    const [passedThenFailed, canceled, untested] = s.testable;
    if (passedThenFailed === undefined || canceled === undefined || untested === undefined) {
      throw new Error('the WDC4 needs three proof-testable sensors');
    }
    await proveSensor(s, passedThenFailed.fullId, 'Tripped with the test magnet');
    // A later test of the same sensor timed out (M section 4: maintenance_failed), recorded by the monitor.
    const failedAt = new Date(Date.now() + 60_000);
    await t.db.insert(maintenanceRecords).values({
      testId: 999_998,
      deviceId: s.device.id,
      sensorId: passedThenFailed.fullId,
      sensorName: passedThenFailed.sensor.Name,
      groupName: 'Plug',
      eventType: MAINTENANCE_EVENTS.failed,
      maintenanceTime: failedAt,
      comment: 'Nobody reached the sensor in time',
    });
    const step = (body: Record<string, unknown>) => postStep(t.app, s.authorization, s.device.id, body);
    const started = await step({ event_type: MAINTENANCE_EVENTS.expectAlarmOn, sensor_id: canceled.fullId });
    expect(started.statusCode).toBe(200);
    const stopped = await step({
      event_type: MAINTENANCE_EVENTS.canceled,
      sensor_id: canceled.fullId,
      comment: 'Wrong sensor',
    });
    expect(stopped.statusCode).toBe(200);

    const body = (await get(s.authorization, `devices/${s.device.id}/proof-tests/`)).json<DeviceProofTests>();
    const byId = new Map(body.sensors.map((sensor) => [sensor.sensor_id, sensor]));
    // The proof is still the passed test; the last result is the failed one after it.
    expect(byId.get(passedThenFailed.fullId)).toMatchObject({
      status: 'ok',
      last_test: { comment: 'Tripped with the test magnet' },
      last_result: {
        event_type: MAINTENANCE_EVENTS.failed,
        time: failedAt.getTime(),
        engineer: '',
        comment: 'Nobody reached the sensor in time',
      },
    });
    expect(byId.get(canceled.fullId)).toMatchObject({
      status: 'never',
      last_test: null,
      last_result: {
        event_type: MAINTENANCE_EVENTS.canceled,
        engineer: 'Engineer Person',
        comment: 'Wrong sensor',
      },
    });
    expect(byId.get(untested.fullId)?.last_result).toBeNull();
    // The site report carries it too; another client sees neither (404), a member of the site sees both.
    const report = (
      await get(s.authorization, `locations/${s.site.id}/proof-tests/`)
    ).json<SiteProofTestReport>();
    const reported = report.devices[0]?.sensors.find((sensor) => sensor.sensor_id === canceled.fullId);
    expect(reported?.last_result?.event_type).toBe(MAINTENANCE_EVENTS.canceled);
    const reader = await signedInAt(t.app, t.db, s.site, 'User');
    const read = (
      await get(reader.authorization, `devices/${s.device.id}/proof-tests/`)
    ).json<DeviceProofTests>();
    expect(read.sensors.find((sensor) => sensor.sensor_id === canceled.fullId)?.last_result).toMatchObject({
      event_type: MAINTENANCE_EVENTS.canceled,
    });
    const stranger = await scene();
    expect((await get(stranger.authorization, `devices/${s.device.id}/proof-tests/`)).statusCode).toBe(404);
  });

  it('shows the custom sensor names of the sensor settings', async () => {
    const s = await scene();
    const [named] = s.testable;
    const manager = await signedInAt(t.app, t.db, s.site, 'Manager');
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/devices/${s.device.id}/settings/sensor-names`,
      headers: { authorization: manager.authorization },
      payload: { sensor_names: { [named?.fullId ?? '']: 'Boot pulley, east leg' } },
    });
    expect(saved.statusCode).toBe(201);
    const body = (await get(s.authorization, `devices/${s.device.id}/proof-tests/`)).json<DeviceProofTests>();
    expect(body.sensors.find((sensor) => sensor.sensor_id === named?.fullId)?.name).toBe(
      'Boot pulley, east leg',
    );
  });

  it("follows the site's interval, which editors set on the site", async () => {
    const s = await scene();
    const [proven] = s.testable;
    await proveSensor(s, proven?.fullId ?? '', 'ok');
    const manager = await signedInAt(t.app, t.db, s.site, 'Manager');
    const patch = (value: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/locations/${s.site.id}/`,
        headers: { authorization: manager.authorization },
        payload: { proof_test_interval_days: value },
      });
    for (const bad of [0, 3651, 2.5, 'often']) {
      const refused = await patch(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        proof_test_interval_days: ['Enter a whole number of days from 1 to 3650.'],
      });
    }
    const saved = await patch(7);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ proof_test_interval_days: 7 });

    const body = (await get(s.authorization, `devices/${s.device.id}/proof-tests/`)).json<DeviceProofTests>();
    expect(body.interval_days).toBe(7);
    const row = body.sensors.find((sensor) => sensor.sensor_id === proven?.fullId);
    expect(row?.status).toBe('due');
    expect(row?.due_date).toBe((row?.last_test?.time ?? 0) + 7 * DAY);
  });

  it('reports a whole site, devices by title, with totals; a device without a tree has no sensors', async () => {
    const s = await scene();
    const silent = await provisionTypedDevice(t.db, 'F500', s.site);
    const response = await get(s.authorization, `locations/${s.site.id}/proof-tests/`);
    expect(response.statusCode).toBe(200);
    const report = response.json<SiteProofTestReport>();
    expect(report.site).toMatchObject({ id: s.site.id, title: s.site.title, timezone: s.site.timezone });
    expect(report.devices.map((device) => device.device.id).sort()).toEqual(
      [s.device.id, silent.device.id].sort(),
    );
    expect(report.devices.find((device) => device.device.id === silent.device.id)?.sensors).toEqual([]);
    expect(report.counts.never).toBe(s.testable.length);
    expect(Math.abs(report.generated_at - Date.now())).toBeLessThan(60_000);
  });

  it('is open to every member of the site, 404 to other clients, 400 for a bad id', async () => {
    const s = await scene();
    const reader = await signedInAt(t.app, t.db, s.site, 'User');
    expect((await get(reader.authorization, `devices/${s.device.id}/proof-tests/`)).statusCode).toBe(200);
    expect((await get(reader.authorization, `locations/${s.site.id}/proof-tests/`)).statusCode).toBe(200);

    const stranger = await scene();
    expect((await get(stranger.authorization, `devices/${s.device.id}/proof-tests/`)).statusCode).toBe(404);
    expect((await get(stranger.authorization, `locations/${s.site.id}/proof-tests/`)).statusCode).toBe(404);
    expect((await get(s.authorization, 'devices/abc/proof-tests/')).statusCode).toBe(400);
    expect((await get(s.authorization, 'locations/999999999/proof-tests/')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/locations/${s.site.id}/proof-tests/` })).statusCode,
    ).toBe(401);
  });
});
