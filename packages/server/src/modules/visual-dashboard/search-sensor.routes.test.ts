import type { SearchSensorItem, Sensor, StateTree } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildDevice, buildSite } from '../../../test/factories';
import { visualPersonAt } from '../../../test/fixtures/visual-dashboard';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import type { DeviceRow } from '../../db/tables/devices.table';
import type { LocationRow } from '../../db/tables/sites.table';
import {
  visualMachineSensors,
  visualMachines,
  visualSchemas,
  visualTabs,
} from '../../db/tables/visual-dashboard.table';
import { upsertDeviceStates } from '../telemetry/telemetry.repo';
import { VISUAL_DASHBOARD_DISABLED } from './visual-dashboard-access';

const BASE = '/api/v2/search-sensor/';

const sensor = (Id: string | number, Name: string): Sensor => ({
  Id,
  Name,
  Type: 'NUMERIC',
  Value: 1,
  Status: 'OK',
  Alarm: false,
  Meta: {},
});

/** A tree of a top-level sensor, a 'Head' group, and a network group holding node 3. */
function treeOf(udfId: string, extra: Sensor[] = []): StateTree {
  return {
    Id: udfId,
    Name: 'Unit',
    Status: 'OK',
    Alarm: false,
    time: 0,
    device: { deviceId: udfId, deviceType: 'f500' },
    sensors: [sensor('pwr', 'Power')],
    groups: [
      {
        Id: 'head',
        Name: 'Head',
        Status: 'OK',
        Alarm: false,
        sensors: [sensor(1, 'Bearing Temperature'), sensor(2, 'Pulley Alignment'), ...extra],
      },
      {
        Id: 'net1',
        Name: 'Network 1',
        Status: 'OK',
        Alarm: false,
        sensors: [],
        groups: [
          { Id: 'n03', Name: 'Node 3', Status: 'OK', Alarm: false, sensors: [sensor(5, 'Belt Speed')] },
        ],
      },
    ],
  };
}

describe('search-sensor/ of the visual dashboard', () => {
  let t: TestApp;
  let site: LocationRow;
  let device: DeviceRow;
  let other: DeviceRow;
  let tabId: number;
  let otherSchemaId: number;
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
    other = await buildDevice(t.db, site, { title: 'Beta' });
    await buildDevice(t.db, site, { title: 'Gamma (no tree yet)' });
    const foreignDevice = await buildDevice(t.db, foreignSite, { title: 'Foreign' });
    const receivedAt = new Date();
    await upsertDeviceStates(
      t.db,
      [device, other, foreignDevice].map((row) => ({
        deviceId: row.id,
        tree: treeOf(row.udfId),
        receivedAt,
        deviceTime: null,
      })),
    );
    headers.reader = await person(site);
    headers.disabled = await person(site, false);
    headers.foreign = await person(foreignSite);
    // Alpha's head bearing is bound on 'Leg 1' of a tab; another schema binds Beta's belt speed.
    const [schema, second] = await t.db
      .insert(visualSchemas)
      .values([
        { locationId: site.id, name: 'Plant A' },
        { locationId: site.id, name: 'Plant B' },
      ])
      .returning();
    otherSchemaId = second?.id ?? 0;
    const [tab, otherTab] = await t.db
      .insert(visualTabs)
      .values([
        { schemaId: schema?.id ?? 0, name: 'Receiving', height: 600, width: 800 },
        { schemaId: otherSchemaId, name: 'Drying', height: 600, width: 800 },
      ])
      .returning();
    tabId = tab?.id ?? 0;
    const [leg, fan] = await t.db
      .insert(visualMachines)
      .values([
        { tabId, name: 'Leg 1', typeOfMachine: 1, xCoord: 10, yCoord: 10 },
        { tabId: otherTab?.id ?? 0, name: 'Fan 2', typeOfMachine: 6, xCoord: 10, yCoord: 10 },
      ])
      .returning();
    await t.db.insert(visualMachineSensors).values([
      {
        machineId: leg?.id ?? 0,
        sensorPoint: 104,
        schemaId: schema?.id ?? 0,
        deviceId: device.id,
        sensorId: `${device.udfId}.head.1`,
      },
      {
        machineId: fan?.id ?? 0,
        sensorPoint: 602,
        schemaId: otherSchemaId,
        deviceId: other.id,
        sensorId: `${other.udfId}.net1.n03.5`,
      },
    ]);
  });
  afterAll(async () => t.close());

  const get = (query: string, authorization = headers.reader) =>
    t.app.inject({
      method: 'GET',
      url: `${BASE}?${query}`,
      headers: authorization === '' ? {} : { authorization },
    });

  it("lists every sensor of the site's latest trees, a plain array with display names and bound tabs", async () => {
    const answer = await get(`location=${site.id}`);
    expect(answer.statusCode).toBe(200);
    const items = answer.json<SearchSensorItem[]>();
    expect(items.map((item) => item.id)).toEqual([
      `${device.udfId}.pwr`,
      `${device.udfId}.head.1`,
      `${device.udfId}.head.2`,
      `${device.udfId}.net1.n03.5`,
      `${other.udfId}.pwr`,
      `${other.udfId}.head.1`,
      `${other.udfId}.head.2`,
      `${other.udfId}.net1.n03.5`,
    ]);
    expect(items[0]).toEqual({
      id: `${device.udfId}.pwr`,
      name: 'Power',
      group_name: '',
      device: { id: device.id, name: 'Alpha' },
      tabs: [],
      is_state_sensor: false,
    });
    expect(items[1]?.tabs).toEqual([{ id: tabId, name: 'Receiving', machine_name: 'Leg 1' }]);
    expect(items[1]?.group_name).toBe('Head');
    expect(items[3]).toMatchObject({ name: 'Belt Speed · Node 3', group_name: 'Network 1', tabs: [] });
    expect(items[7]?.tabs).toEqual([expect.objectContaining({ name: 'Drying', machine_name: 'Fan 2' })]);
  });

  it('filters by name, group name or id, case-insensitive, and leaves out devices and a group', async () => {
    const byName = (await get(`location=${site.id}&q=BEARING`)).json<SearchSensorItem[]>();
    expect(byName.map((item) => item.device.name)).toEqual(['Alpha', 'Beta']);
    const byNode = (await get(`location=${site.id}&q=node%203`)).json<SearchSensorItem[]>();
    expect(byNode).toHaveLength(2);
    const byId = (await get(`location=${site.id}&q=${other.udfId}.head`)).json<SearchSensorItem[]>();
    expect(byId.map((item) => item.id)).toEqual([`${other.udfId}.head.1`, `${other.udfId}.head.2`]);
    const withoutAlpha = (await get(`location=${site.id}&exclude_devices=${device.id},%20999`)).json<
      SearchSensorItem[]
    >();
    expect(new Set(withoutAlpha.map((item) => item.device.id))).toEqual(new Set([other.id]));
    const withoutHead = (await get(`location=${site.id}&exclude_group_name=%20head%20`)).json<
      SearchSensorItem[]
    >();
    expect(withoutHead.some((item) => item.group_name === 'Head')).toBe(false);
    expect(withoutHead).toHaveLength(4);
  });

  it("limits the tabs to one schema's when asked", async () => {
    const items = (await get(`location=${site.id}&schema=${otherSchemaId}`)).json<SearchSensorItem[]>();
    expect(items.find((item) => item.id === `${device.udfId}.head.1`)?.tabs).toEqual([]);
    expect(items.find((item) => item.id === `${other.udfId}.net1.n03.5`)?.tabs).toHaveLength(1);
  });

  it("marks the sensors that can be a machine's running-state sensor by their type and state, not their name", async () => {
    const unit = await buildDevice(t.db, site, { title: 'Gamma' });
    const typed = (Id: number, Name: string, Type: Sensor['Type'], State: string): Sensor => ({
      ...sensor(Id, Name),
      Type,
      Meta: { State },
    });
    const tree = treeOf(unit.udfId);
    tree.groups.unshift({
      Id: 'system',
      Name: 'System State',
      Status: 'OK',
      Alarm: false,
      sensors: [
        typed(1, 'Network', 'ENUM', 'Network 1'),
        typed(2, 'Status', 'ENUM', 'Running'),
        typed(3, 'Conveyor Motor', 'ENUM', 'Stopped'),
        typed(4, 'Running Contact', 'BOOL', 'Off'),
        typed(21000, 'Profile', 'ENUM', 'System Selected Profile 0'),
      ],
    });
    await upsertDeviceStates(t.db, [{ deviceId: unit.id, tree, receivedAt: new Date(), deviceTime: null }]);
    const items = (await get(`location=${site.id}&q=${unit.udfId}.system`)).json<SearchSensorItem[]>();
    expect(items.map((item) => [item.name, item.is_state_sensor])).toEqual([
      ['Network', false],
      ['Status', true],
      ['Conveyor Motor', true],
      ['Running Contact', false],
      ['Profile', false],
    ]);
  });

  it('answers at most 200 sensors', async () => {
    const big = await buildDevice(t.db, site, { title: 'Zeta' });
    const many = Array.from({ length: 250 }, (_, n) => sensor(100 + n, `Probe ${n}`));
    await upsertDeviceStates(t.db, [
      { deviceId: big.id, tree: treeOf(big.udfId, many), receivedAt: new Date(), deviceTime: null },
    ]);
    const items = (await get(`location=${site.id}`)).json<SearchSensorItem[]>();
    expect(items).toHaveLength(200);
    expect(items[0]?.device.name).toBe('Alpha');
  });

  it('refuses bad input (400), no token (401), no visual dashboard (403), another tenant (404)', async () => {
    expect((await get('')).statusCode).toBe(400);
    expect((await get('location=abc')).statusCode).toBe(400);
    expect((await get(`location=${site.id}&exclude_devices=1;drop`)).statusCode).toBe(400);
    expect((await get(`location=${site.id}&q=${'x'.repeat(201)}`)).statusCode).toBe(400);
    expect((await get(`location=${site.id}`, '')).statusCode).toBe(401);
    const disabled = await get(`location=${site.id}`, headers.disabled);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toEqual({ detail: VISUAL_DASHBOARD_DISABLED });
    expect((await get(`location=${site.id}`, headers.foreign)).statusCode).toBe(404);
    expect((await get('location=999999', headers.reader)).statusCode).toBe(404);
  });
});
