import { MAINTENANCE_EVENTS, MAINTENANCE_MESSAGES, type MaintenanceRecord } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getMaintenanceInfo,
  infoOf,
  postStep,
  postTree,
  provisionTypedDevice,
  signedInAt,
  testableSensorOf,
  treeWith,
} from '../../../test/maintenance';
import type { TestDevice } from '../../../test/telemetry';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { findMaintenanceRecords } from './maintenance.repo';

const { expectAlarmOn, expectAlarmOff, succeeded, canceled } = MAINTENANCE_EVENTS;

describe('maintenance tests through the API and the real ingest', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  /** A device of the type with one clear tree stored, an engineer of its site, and its testable sensor. */
  async function deviceWithEngineer(type: 'F500' | '0005' | '0006' | '0300' | 'F500-UDF' = 'F500') {
    const device = await provisionTypedDevice(t.db, type);
    const sensor = testableSensorOf(device.identity);
    expect(await postTree(t.app, device.identity, treeWith(device.identity, sensor.fullId, 'clear', 0))).toBe(
      202,
    );
    const { authorization } = await signedInAt(t.app, t.db, device.site, 'Engineer');
    return { ...device, sensor, authorization };
  }

  const start = (
    d: { device: TestDevice['device']; authorization: string },
    sensorId: string,
    name = 'Tested sensor',
  ) =>
    postStep(t.app, d.authorization, d.device.id, {
      event_type: expectAlarmOn,
      sensor_id: sensorId,
      sensor_name: name,
    });

  const eventsOf = async (deviceId: number) =>
    (await findMaintenanceRecords(t.db, deviceId)).map((record) => record.eventType);

  for (const type of ['F500', '0300', 'F500-UDF', '0005', '0006'] as const) {
    it(`${type}: start, alarm seen, alarm cleared, closed with a comment — each step recorded once`, async () => {
      const d = await deviceWithEngineer(type);
      const started = await start(d, d.sensor.fullId);
      expect(started.statusCode).toBe(200);
      expect(started.json<MaintenanceRecord>()).toMatchObject({
        device_id: d.device.id,
        sensor_id: d.sensor.fullId,
        sensor_name: 'Tested sensor',
        event_type: expectAlarmOn,
        comment: 'empty area',
        engineer: 'Engineer Person',
      });
      expect((await infoOf(t.app, d.authorization, d.device.id))[d.sensor.leafId]).toMatchObject({
        state: expectAlarmOn,
        engineer: 'Engineer Person',
        sensor_id: d.sensor.fullId,
      });

      const post = (condition: 'alarm' | 'clear' | 'lost', tick: number) =>
        postTree(t.app, d.identity, treeWith(d.identity, d.sensor.fullId, condition, tick));
      expect(await post('clear', 1)).toBe(202);
      expect((await infoOf(t.app, d.authorization, d.device.id))[d.sensor.leafId]?.state).toBe(expectAlarmOn);
      expect(await post('alarm', 2)).toBe(202);
      expect(await post('alarm', 3)).toBe(202);
      expect((await infoOf(t.app, d.authorization, d.device.id))[d.sensor.leafId]?.state).toBe(
        expectAlarmOff,
      );
      // Lost communication is no all-clear.
      expect(await post('lost', 4)).toBe(202);
      expect((await infoOf(t.app, d.authorization, d.device.id))[d.sensor.leafId]?.state).toBe(
        expectAlarmOff,
      );
      expect(await post('clear', 5)).toBe(202);
      expect((await infoOf(t.app, d.authorization, d.device.id))[d.sensor.leafId]?.state).toBe(succeeded);

      const closed = await postStep(t.app, d.authorization, d.device.id, {
        event_type: succeeded,
        sensor_id: d.sensor.fullId,
        comment: 'Heated the probe; alarm and reset fine',
      });
      expect(closed.statusCode).toBe(200);
      expect(closed.json<MaintenanceRecord>()).toMatchObject({
        event_type: succeeded,
        comment: 'Heated the probe; alarm and reset fine',
      });
      expect((await infoOf(t.app, d.authorization, d.device.id))[d.sensor.leafId]).toBeNull();
      expect(await eventsOf(d.device.id)).toEqual([expectAlarmOn, expectAlarmOff, succeeded]);
    });
  }

  it('answers every sensor of the latest tree by leaf Id, null when not in maintenance; readers see it too', async () => {
    const d = await deviceWithEngineer();
    const reader = await signedInAt(t.app, t.db, d.site, 'User');
    const before = await infoOf(t.app, reader.authorization, d.device.id);
    expect(Object.keys(before)).toContain(d.sensor.leafId);
    expect(Object.values(before).every((entry) => entry === null)).toBe(true);
    expect((await start(d, d.sensor.fullId)).statusCode).toBe(200);
    const entry = (await infoOf(t.app, reader.authorization, d.device.id))[d.sensor.leafId];
    expect(entry?.deadline).toBe((entry?.time ?? 0) + t.config.maintenanceTimeoutSeconds * 1000);
  });

  it('refuses a second maintenance test on the same device with the message of M section 4', async () => {
    const d = await deviceWithEngineer('F500-UDF');
    expect((await start(d, d.sensor.fullId, 'Head Pulley')).statusCode).toBe(200);
    const second = await start(d, d.sensor.fullId, 'Tail Pulley');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      non_field_errors: [
        'Maintenance Mode Restricted: Cannot start maintenance mode. Sensor "Head Pulley" is already in maintenance. Please complete or cancel the current maintenance first.',
      ],
    });
  });

  it('starts one test when two people start tests on one device at the same moment', async () => {
    const d = await deviceWithEngineer('F500-UDF');
    const answers = await Promise.all([
      start(d, d.sensor.fullId, 'First'),
      start(d, d.sensor.fullId, 'Second'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json<MaintenanceRecord>().sensor_name;
    expect(answers.find((answer) => answer.statusCode === 400)?.json()).toEqual({
      non_field_errors: [MAINTENANCE_MESSAGES.restricted(winner ?? '')],
    });
    expect(await eventsOf(d.device.id)).toEqual([expectAlarmOn]);
  });

  it('refuses sensors 18000 and 21000, unknown sensors and a device without a tree', async () => {
    const d = await deviceWithEngineer();
    const prefix = d.sensor.fullId.slice(0, d.sensor.fullId.lastIndexOf('.'));
    for (const id of ['18000', '21000']) {
      const refused = await start(d, `${prefix}.${id}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ sensor_id: [MAINTENANCE_MESSAGES.excludedSensor(id)] });
    }
    const unknown = await start(d, `${prefix}.no-such-sensor`);
    expect(unknown.json()).toEqual({ sensor_id: [MAINTENANCE_MESSAGES.unknownSensor] });

    const silent = await provisionTypedDevice(t.db, 'F500', d.site);
    const noTree = await start({ device: silent.device, authorization: d.authorization }, d.sensor.fullId);
    expect(noTree.json()).toEqual({ sensor_id: [MAINTENANCE_MESSAGES.noState] });
    expect(await eventsOf(d.device.id)).toEqual([]);
  });

  it('refuses a start while the sensor is in alarm, and an alarm claimed by the client', async () => {
    const d = await deviceWithEngineer();
    expect(await postTree(t.app, d.identity, treeWith(d.identity, d.sensor.fullId, 'alarm', 1))).toBe(202);
    expect((await start(d, d.sensor.fullId)).json()).toEqual({
      sensor_id: [MAINTENANCE_MESSAGES.sensorInAlarm],
    });
    const claimed = await postStep(t.app, d.authorization, d.device.id, {
      event_type: expectAlarmOff,
      sensor_id: d.sensor.fullId,
    });
    expect(claimed.json()).toEqual({ event_type: [MAINTENANCE_MESSAGES.alarmSeenByServer] });
  });

  it('validates the body: event type, sensor id, device id', async () => {
    const d = await deviceWithEngineer();
    const bad = await postStep(t.app, d.authorization, d.device.id, { event_type: 'reboot', sensor_id: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['event_type', 'sensor_id']);
    const other = await postStep(t.app, d.authorization, d.device.id, {
      event_type: expectAlarmOn,
      sensor_id: d.sensor.fullId,
      device_id: d.device.id + 1000,
    });
    expect(other.json()).toEqual({ device_id: [MAINTENANCE_MESSAGES.deviceMismatch] });
  });

  it('cancels with a comment while the sensor is not in alarm; refuses without one and while in alarm', async () => {
    const d = await deviceWithEngineer();
    expect((await start(d, d.sensor.fullId)).statusCode).toBe(200);
    const cancel = (comment: string) =>
      postStep(t.app, d.authorization, d.device.id, {
        event_type: canceled,
        sensor_id: d.sensor.fullId,
        comment,
      });
    expect((await cancel('empty area')).json()).toEqual({ comment: [MAINTENANCE_MESSAGES.commentRequired] });
    expect((await cancel('  ')).json()).toEqual({ comment: [MAINTENANCE_MESSAGES.commentRequired] });

    expect(await postTree(t.app, d.identity, treeWith(d.identity, d.sensor.fullId, 'alarm', 1))).toBe(202);
    const inAlarm = await cancel('Giving up');
    expect(inAlarm.statusCode).toBe(400);
    expect(inAlarm.json()).toEqual({ non_field_errors: [MAINTENANCE_MESSAGES.cancelInAlarm] });

    // A fresh test, canceled before any alarm.
    const e = await deviceWithEngineer();
    expect((await start(e, e.sensor.fullId)).statusCode).toBe(200);
    const done = await postStep(t.app, e.authorization, e.device.id, {
      event_type: canceled,
      sensor_id: e.sensor.fullId,
      comment: 'Wrong sensor',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json<MaintenanceRecord>()).toMatchObject({ event_type: canceled, comment: 'Wrong sensor' });
    expect(await eventsOf(e.device.id)).toEqual([expectAlarmOn, canceled]);
    expect((await infoOf(t.app, e.authorization, e.device.id))[e.sensor.leafId]).toBeNull();
    expect((await start(e, e.sensor.fullId)).statusCode).toBe(200);
  });

  it('closes as succeeded only after the server saw the alarm cleared; the comment is optional', async () => {
    const d = await deviceWithEngineer('0005');
    expect((await start(d, d.sensor.fullId)).statusCode).toBe(200);
    const close = () =>
      postStep(t.app, d.authorization, d.device.id, { event_type: succeeded, sensor_id: d.sensor.fullId });
    expect((await close()).json()).toEqual({ event_type: [MAINTENANCE_MESSAGES.notSucceeded] });
    const notFailed = await postStep(t.app, d.authorization, d.device.id, {
      event_type: MAINTENANCE_EVENTS.failed,
      sensor_id: d.sensor.fullId,
      comment: 'It failed',
    });
    expect(notFailed.json()).toEqual({ event_type: [MAINTENANCE_MESSAGES.notFailed] });
    expect(await postTree(t.app, d.identity, treeWith(d.identity, d.sensor.fullId, 'alarm', 1))).toBe(202);
    expect(await postTree(t.app, d.identity, treeWith(d.identity, d.sensor.fullId, 'clear', 2))).toBe(202);
    const closed = await close();
    expect(closed.statusCode).toBe(200);
    expect(closed.json<MaintenanceRecord>()).toMatchObject({ event_type: succeeded, comment: 'empty area' });
    expect((await close()).json()).toEqual({ sensor_id: [MAINTENANCE_MESSAGES.noTest] });
  });

  it('lets readers read but not start; hides another tenant’s device; refuses visitors', async () => {
    const d = await deviceWithEngineer();
    const reader = await signedInAt(t.app, t.db, d.site, 'User');
    const refused = await start({ device: d.device, authorization: reader.authorization }, d.sensor.fullId);
    expect(refused.statusCode).toBe(403);

    const stranger = await deviceWithEngineer();
    expect((await getMaintenanceInfo(t.app, stranger.authorization, d.device.id)).statusCode).toBe(404);
    expect(
      (await start({ device: d.device, authorization: stranger.authorization }, d.sensor.fullId)).statusCode,
    ).toBe(404);
    expect((await getMaintenanceInfo(t.app, '', d.device.id)).statusCode).toBe(401);
    expect((await start({ device: d.device, authorization: '' }, d.sensor.fullId)).statusCode).toBe(401);
    expect(await eventsOf(d.device.id)).toEqual([]);
  });
});
