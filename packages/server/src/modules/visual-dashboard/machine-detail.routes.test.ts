import type { MachineDetail, StateTree } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildDevice, buildSite } from '../../../test/factories';
import { visualPersonAt } from '../../../test/fixtures/visual-dashboard';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import type { DeviceRow } from '../../db/tables/devices.table';
import { notifications } from '../../db/tables/notifications.table';
import type { LocationRow } from '../../db/tables/sites.table';
import {
  visualMachineSensors,
  visualMachines,
  visualSchemas,
  visualTabs,
} from '../../db/tables/visual-dashboard.table';
import { upsertDeviceStates } from '../telemetry/telemetry.repo';
import { VISUAL_DASHBOARD_DISABLED } from './visual-dashboard-access';

const BASE = '/api/v2/machines/';

/** A tree whose 'Head' group holds sensor 1, the head bearing. */
function treeOf(udfId: string): StateTree {
  return {
    Id: udfId,
    Name: 'Unit',
    Status: 'OK',
    Alarm: false,
    time: 0,
    device: { deviceId: udfId, deviceType: 'f500' },
    sensors: [],
    groups: [
      {
        Id: 'head',
        Name: 'Head',
        Status: 'OK',
        Alarm: false,
        sensors: [
          {
            Id: 1,
            Name: 'Bearing Temperature',
            Type: 'NUMERIC',
            Value: 70,
            Status: 'OK',
            Alarm: false,
            Meta: {},
          },
        ],
      },
    ],
  };
}

describe('machines/{id}/ of the visual dashboard', () => {
  let t: TestApp;
  let site: LocationRow;
  let device: DeviceRow;
  let machineId: number;
  let tabId: number;
  let schemaId: number;
  const headers: Record<'reader' | 'disabled' | 'foreign', string> = {
    reader: '',
    disabled: '',
    foreign: '',
  };

  const person = (at: LocationRow, enabled = true) => visualPersonAt(t.app, t.db, at, 'User', enabled);

  beforeAll(async () => {
    t = await buildTestApp();
    site = await buildSite(t.db, await buildClient(t.db));
    const foreignSite = await buildSite(t.db, await buildClient(t.db));
    device = await buildDevice(t.db, site, { title: 'Alpha' });
    await upsertDeviceStates(t.db, [
      { deviceId: device.id, tree: treeOf(device.udfId), receivedAt: new Date(), deviceTime: null },
    ]);
    headers.reader = await person(site);
    headers.disabled = await person(site, false);
    headers.foreign = await person(foreignSite);
    const [schema] = await t.db
      .insert(visualSchemas)
      .values({ locationId: site.id, name: 'Plant A' })
      .returning();
    schemaId = schema?.id ?? 0;
    const [tab] = await t.db
      .insert(visualTabs)
      .values({ schemaId, name: 'Receiving', height: 600, width: 800 })
      .returning();
    tabId = tab?.id ?? 0;
    const [leg] = await t.db
      .insert(visualMachines)
      .values({
        tabId,
        name: 'Leg 1',
        typeOfMachine: 1,
        xCoord: 100,
        yCoord: 80,
        flip: true,
        systemStateSensor: `${device.udfId}.head.9`,
      })
      .returning();
    machineId = leg?.id ?? 0;
    // One sensor of the tree, one no longer in it (named by its Id).
    await t.db.insert(visualMachineSensors).values([
      { machineId, sensorPoint: 104, schemaId, deviceId: device.id, sensorId: `${device.udfId}.head.1` },
      { machineId, sensorPoint: 102, schemaId, deviceId: device.id, sensorId: `${device.udfId}.boot.7` },
    ]);
  });
  afterAll(async () => t.close());

  const get = (url: string, authorization = headers.reader) =>
    t.app.inject({ method: 'GET', url, headers: authorization === '' ? {} : { authorization } });

  it('answers the machine with its type as an object, its schema with the site, and its tab', async () => {
    const answer = await get(`${BASE}${machineId}/`);
    expect(answer.statusCode).toBe(200);
    const machine = answer.json<MachineDetail>();
    expect(machine).toMatchObject({
      id: machineId,
      name: 'Leg 1',
      x_coord: 100,
      y_coord: 80,
      scale: 1,
      flip: true,
      system_state_sensor: `${device.udfId}.head.9`,
      schema: { id: schemaId, name: 'Plant A', location: { id: site.id, title: site.title } },
      schema_tab: { id: tabId, name: 'Receiving' },
      sensors: [
        {
          sensor_point: 102,
          sensor: { id: `${device.udfId}.boot.7`, name: '7', group_name: '', device: { name: 'Alpha' } },
        },
        {
          sensor_point: 104,
          sensor: {
            id: `${device.udfId}.head.1`,
            name: 'Bearing Temperature',
            group_name: 'Head',
            device: { name: 'Alpha' },
          },
        },
      ],
    });
    const types = await get('/api/v2/type-of-machine/');
    expect(machine.type_of_machine).toEqual(types.json<MachineDetail['type_of_machine'][]>()[0]);
  });

  it('answers the newest alarm notification of each bound sensor (last-time-in-alarm/)', async () => {
    const url = `${BASE}${machineId}/last-time-in-alarm/`;
    expect((await get(url)).json()).toEqual({});
    const head = `${device.udfId}.head.1`;
    const at = (iso: string) => new Date(iso);
    const row = (eventType: 'alarm_on' | 'alarm_off' | 'warning_on', sensorId: string, when: string) => ({
      eventType,
      locationId: site.id,
      deviceId: device.id,
      sensorId,
      content: 'x',
      dateCreated: at(when),
    });
    await t.db
      .insert(notifications)
      .values([
        row('alarm_on', head, '2026-11-01T10:00:00Z'),
        row('alarm_off', head, '2026-11-01T10:05:00Z'),
        row('warning_on', head, '2026-11-02T10:00:00Z'),
        row('alarm_on', `${device.udfId}.boot.7`, '2026-10-01T00:00:00Z'),
        row('alarm_on', `${device.udfId}.head.2`, '2026-11-03T00:00:00Z'),
      ]);
    const answer = await get(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      [head]: { event_type: 'alarm_off', date_created: at('2026-11-01T10:05:00Z').getTime() / 1000 },
      [`${device.udfId}.boot.7`]: {
        event_type: 'alarm_on',
        date_created: at('2026-10-01T00:00:00Z').getTime() / 1000,
      },
    });
    expect((await get(url, headers.disabled)).statusCode).toBe(403);
    expect((await get(url, headers.foreign)).statusCode).toBe(404);
    expect((await get(`${BASE}999999/last-time-in-alarm/`)).statusCode).toBe(404);
    expect((await get(`${BASE}0/last-time-in-alarm/`)).statusCode).toBe(400);
  });

  it('refuses a bad id (400), an unknown one (404), no token (401), no visual dashboard (403), another tenant (404)', async () => {
    expect((await get(`${BASE}abc/`)).statusCode).toBe(400);
    expect((await get(`${BASE}999999/`)).statusCode).toBe(404);
    expect((await get(`${BASE}${machineId}/`, '')).statusCode).toBe(401);
    const disabled = await get(`${BASE}${machineId}/`, headers.disabled);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toEqual({ detail: VISUAL_DASHBOARD_DISABLED });
    expect((await get(`${BASE}${machineId}/`, headers.foreign)).statusCode).toBe(404);
  });
});
