import { type DeviceGraphs, type MachineGraph, MachineGraphListSchema } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildSite } from '../../../test/factories';
import { seedGraphHistory } from '../../../test/fixtures/graphs';
import { expectReaderRefusals, savedTab, visualPeopleAt } from '../../../test/fixtures/visual-dashboard';
import { deviceWithTree, type SettingsDevice } from '../../../test/sensor-settings';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { devices } from '../../db/tables/devices.table';

const HOUR = 3_600_000;

describe('graphs/machine/{id}/ of the visual dashboard', () => {
  let t: TestApp;
  let d: SettingsDevice;
  let second: SettingsDevice;
  let machines: Record<string, number>;
  const headers = { reader: '', disabled: '', foreign: '' };

  const get = (url: string, authorization = headers.reader) =>
    t.app.inject({ method: 'GET', url, headers: authorization === '' ? {} : { authorization } });
  const sensor = (path: string) => `${d.identity.udfId}.${path}`;

  beforeAll(async () => {
    t = await buildTestApp();
    d = await deviceWithTree(t.app, t.db, '0300');
    await seedGraphHistory(t.db, d.device.id, d.tree);
    const { manager, ...others } = await visualPeopleAt(t.app, t.db, d.site);
    Object.assign(headers, others);
    second = await deviceWithTree(t.app, t.db, '0300', d.site);
    // Bound out of group order: two bearings of Temperature, a head alignment and the tail shaft speed, and the
    // head shaft speed of a second unit.
    ({ machines } = await savedTab(t.app, manager, { location: d.site.id, schema: null }, [
      sensor('tmp.1'),
      sensor('head.1'),
      sensor('tmp.2'),
      sensor('speed.2'),
      `${second.identity.udfId}.speed.1`,
    ]));
  });
  afterAll(async () => t.close());

  it("answers the 24-hour graph of each group holding the machine's sensors, only their series, in M section 9 order", async () => {
    const answer = await get(`/api/v2/graphs/machine/${machines['Leg 1']}/`);
    expect(answer.statusCode, answer.body).toBe(200);
    const graphs: MachineGraph[] = MachineGraphListSchema.parse(answer.json());
    // Both units' Speed graphs first (M section 9 ranks across devices), then the first unit's other groups.
    const other = second.identity.udfId;
    expect(graphs.map((graph) => [graph.key, graph.series.map((series) => series.sensor)])).toEqual([
      [sensor('speed'), [sensor('speed.2')]],
      [`${other}.speed`, [`${other}.speed.1`]],
      [sensor('head'), [sensor('head.1')]],
      [sensor('tmp'), [sensor('tmp.1'), sensor('tmp.2')]],
    ]);
    expect(graphs.map((graph) => graph.device)).toEqual([
      d.device.id,
      second.device.id,
      d.device.id,
      d.device.id,
    ]);
    expect(graphs[1]?.device_name).toBe(second.device.title);
    expect(graphs[3]).toMatchObject({ units: '°F', value_label: 'Temperature (°F)' });

    // The points are those of the device's own 24-hour graphs (graphs/device/{id}/?timescale=day).
    const device = await get(`/api/v1/graphs/device/${d.device.id}/?timescale=day`);
    const own = device.json<DeviceGraphs>().graphs[sensor('tmp')]?.series[0]?.data ?? [];
    const byTime = new Map(own.map((point) => [point[0], point]));
    const points = graphs[3]?.series[0]?.data ?? [];
    const shared = points.filter((point) => byTime.has(point[0]));
    expect(shared.length).toBeGreaterThan(300);
    for (const point of shared) {
      expect(point).toEqual(byTime.get(point[0]));
    }
    expect(points[0]?.[0] ?? 0).toBeGreaterThanOrEqual(Date.now() - 24 * HOUR - HOUR);
  });

  it('leaves out the sensors of a device moved to another site since the save', async () => {
    const elsewhere = await buildSite(t.db, await buildClient(t.db));
    await t.db.update(devices).set({ locationId: elsewhere.id }).where(eq(devices.id, second.device.id));
    const answer = await get(`/api/v2/graphs/machine/${machines['Leg 1']}/`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<MachineGraph[]>().map((graph) => graph.key)).toEqual([
      sensor('speed'),
      sensor('head'),
      sensor('tmp'),
    ]);
  });

  it('answers [] for a machine without bound sensors', async () => {
    const answer = await get(`/api/v2/graphs/machine/${machines['Belt 1']}/`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([]);
  });

  it('refuses a bad id (400), no token (401), no visual dashboard (403), another tenant or an unknown id (404)', async () => {
    await expectReaderRefusals(
      t.app,
      (id) => `/api/v2/graphs/machine/${id}/`,
      machines['Leg 1'] ?? 0,
      headers,
    );
  });
});
