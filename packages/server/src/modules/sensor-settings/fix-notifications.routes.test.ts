import { listSensors, SENSOR_SETTINGS_MESSAGES as MESSAGES, SENSOR_STATE_TEXTS } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTree, treeWith } from '../../../test/maintenance';
import {
  call,
  deviceWithTree,
  foreignManagerHeader,
  headerAt,
  superuserHeader,
} from '../../../test/sensor-settings';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { insertDeviceEvents, listDeviceEvents } from '../telemetry/device-events.repo';

const fixUrl = (id: number) => `/api/v1/devices/${id}/fix-notifications/`;

describe('POST devices/{id}/fix-notifications/', () => {
  let t: TestApp;
  let superuser: string;

  beforeAll(async () => {
    t = await buildTestApp();
    superuser = await superuserHeader(t.app, t.db);
  });
  afterAll(async () => t.close());

  it('closes alarms and warnings open in the log but not in the latest tree, once; keeps the rest', async () => {
    const d = await deviceWithTree(t.app, t.db, 'F500');
    const [clear, closedBefore, inAlarm, warned, personal, lost] = listSensors(d.tree).map(
      (e) => e.fullId,
    ) as string[];
    const tree = treeWith(d.identity, inAlarm as string, 'alarm', 7);
    const lostSensor = listSensors(tree).find((e) => e.fullId === lost)?.sensor;
    Object.assign(lostSensor ?? {}, { Status: 'N/A', Meta: { State: SENSOR_STATE_TEXTS.lostCommunication } });
    expect(await postTree(t.app, d.identity, tree)).toBe(202);
    const at = new Date(Date.now() - 60_000);
    const event = (kind: 'alarm_on' | 'alarm_off' | 'warning_on', sensorId: string, detail?: object) => ({
      deviceId: d.device.id,
      ts: at,
      kind,
      sensorId,
      detail: detail === undefined ? null : { ...detail },
    });
    await insertDeviceEvents(t.db, [
      event('alarm_on', clear as string),
      event('alarm_on', closedBefore as string),
      event('alarm_off', closedBefore as string),
      event('warning_on', warned as string),
      event('warning_on', personal as string, {
        warning_id: 4,
        sign: '>',
        value: 1,
        delay_seconds: 0,
        reading: 2,
      }),
      event('alarm_on', lost as string),
      event('alarm_on', `${d.device.udfId}.gone.1`),
    ]);

    const response = await call(t.app, superuser, 'POST', fixUrl(d.device.id), { device_id: d.device.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: MESSAGES.fixNotificationsDone, closed: 3 });
    const written = (await listDeviceEvents(t.db, d.device.id)).filter(
      (row) => (row.detail as { reason?: string } | null)?.reason === 'fix-notifications',
    );
    expect(written.map((row) => [row.kind, row.sensorId]).sort()).toEqual(
      [
        ['alarm_off', clear],
        ['alarm_off', `${d.device.udfId}.gone.1`],
        ['warning_off', warned],
      ].sort(),
    );
    const again = await call(t.app, superuser, 'POST', fixUrl(d.device.id));
    expect(again.json()).toEqual({ detail: MESSAGES.fixNotificationsDone, closed: 0 });
  });

  it('is for the super user only: 403 for everyone else, 404 for no device, 400 for another device_id', async () => {
    const d = await deviceWithTree(t.app, t.db, 'F500');
    for (const authorization of [
      await headerAt(t.app, t.db, d.site, 'Manager'),
      await headerAt(t.app, t.db, d.site, 'User'),
      await foreignManagerHeader(t.app, t.db),
    ]) {
      expect((await call(t.app, authorization, 'POST', fixUrl(d.device.id), {})).statusCode).toBe(403);
    }
    expect((await call(t.app, undefined, 'POST', fixUrl(d.device.id))).statusCode).toBe(401);
    expect((await call(t.app, superuser, 'POST', fixUrl(2_000_000_000))).statusCode).toBe(404);
    const mismatch = await call(t.app, superuser, 'POST', fixUrl(d.device.id), {
      device_id: d.device.id + 1,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ device_id: [MESSAGES.deviceMismatch] });
  });
});
