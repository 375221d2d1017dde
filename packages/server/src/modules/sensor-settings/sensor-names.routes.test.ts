import { SENSOR_SETTINGS_MESSAGES as MESSAGES, type SensorNames } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice } from '../../../test/factories';
import {
  call,
  deviceWithTree,
  foreignManagerHeader,
  headerAt,
  type SettingsDevice,
} from '../../../test/sensor-settings';
import { buildTestApp, type TestApp } from '../../../test/test-app';

const namesUrl = (id: number, slash = '') => `/api/v1/devices/${id}/settings/sensor-names${slash}`;

describe('settings/sensor-names', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  async function withManager(type: 'F500' | '0005' | 'F500-UDF' = 'F500') {
    const device = await deviceWithTree(t.app, t.db, type);
    return { ...device, manager: await headerAt(t.app, t.db, device.site, 'Manager') };
  }

  const namesOf = async (authorization: string, d: SettingsDevice) => {
    const response = await call(t.app, authorization, 'GET', namesUrl(d.device.id));
    expect(response.statusCode).toBe(200);
    return response.json<SensorNames>();
  };
  const nameIn = (names: SensorNames, id: string) =>
    names.sensor_names.flatMap((group) => group.sensors).find((sensor) => sensor.id === id);

  it("answers the latest tree's groups with each sensor's label and name, without a slash and with one", async () => {
    const d = await withManager('F500');
    const reader = await headerAt(t.app, t.db, d.site, 'User');
    for (const slash of ['', '/']) {
      const response = await call(t.app, reader, 'GET', namesUrl(d.device.id, slash));
      expect(response.statusCode).toBe(200);
      const body = response.json<SensorNames>();
      expect(body).not.toHaveProperty('degrees');
      expect(body).not.toHaveProperty('networks');
      expect(body.sensor_names[0]).toMatchObject({ id: 'system', name: 'System State' });
      expect(body.sensor_names.find((g) => g.id === 'net1.n01')).toMatchObject({
        name: 'Network 1 / Network 1 Node 1',
        sensors: expect.arrayContaining([
          { id: `${d.device.udfId}.net1.n01.1`, label: 'Bearing Temperature', name: 'Bearing Temperature' },
        ]),
      });
    }
  });

  it('sets a custom name (201, both slash forms), removes it with a blank or the own name', async () => {
    const d = await withManager('F500');
    const id = `${d.device.udfId}.net1.n01.1`;
    const saved = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), {
      sensor_names: { [id]: '  Head pulley bearing ' },
    });
    expect(saved.statusCode).toBe(201);
    expect(nameIn(saved.json<SensorNames>(), id)).toEqual({
      id,
      label: 'Bearing Temperature',
      name: 'Head pulley bearing',
    });
    expect(nameIn(await namesOf(d.manager, d), id)?.name).toBe('Head pulley bearing');

    const blank = await call(t.app, d.manager, 'POST', namesUrl(d.device.id, '/'), {
      sensor_names: { [id]: '' },
    });
    expect(blank.statusCode).toBe(201);
    expect(nameIn(blank.json<SensorNames>(), id)?.name).toBe('Bearing Temperature');

    await call(t.app, d.manager, 'POST', namesUrl(d.device.id), { sensor_names: { [id]: 'Again' } });
    const own = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), {
      sensor_names: { [id]: 'Bearing Temperature' },
    });
    expect(own.statusCode).toBe(201);
    const display = await call(t.app, d.manager, 'GET', `/api/v1/devices/${d.device.id}/settings/display/`);
    expect(display.json<{ names: Record<string, string> }>().names).toEqual({});
  });

  it('accepts the id under the tree Id and a leaf Id that is unique; refuses an ambiguous or unknown one', async () => {
    const d = await withManager('0005');
    const uptime = `${d.device.udfId}.system.18000`;
    const byLeaf = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), {
      sensor_names: { '18000': 'Hours run' },
    });
    expect(byLeaf.statusCode).toBe(201);
    expect(nameIn(byLeaf.json<SensorNames>(), uptime)?.name).toBe('Hours run');

    // The same sensor twice (leaf Id and full id): one change, the last one.
    const twice = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), {
      sensor_names: { '18000': 'First', [uptime]: 'Hours run' },
    });
    expect(twice.statusCode).toBe(201);
    expect(nameIn(twice.json<SensorNames>(), uptime)?.name).toBe('Hours run');

    const byTreeId = `${String(d.tree.Id)}.ntc.1`;
    const treeId = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), {
      sensor_names: { [byTreeId]: 'Boot' },
    });
    expect(treeId.statusCode).toBe(201);

    const ambiguous = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), {
      sensor_names: { '1': 'Which?' },
    });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json()).toEqual({ sensor_names: [MESSAGES.ambiguousSensor('1')] });

    const unknown = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), {
      sensor_names: { [uptime]: 'Kept?', 'nope.9': 'Ghost' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ sensor_names: [MESSAGES.unknownSensor('nope.9')] });
    // Nothing of a refused POST is applied.
    expect(nameIn(await namesOf(d.manager, d), uptime)?.name).toBe('Hours run');
  });

  it('refuses names over 60 characters (M section 5) and bodies that are no map of names', async () => {
    const d = await withManager('F500');
    const id = d.fullIds[1] as string;
    const long = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), {
      sensor_names: { [id]: 'x'.repeat(61) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ sensor_names: [MESSAGES.nameTooLong] });
    const sixty = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), {
      sensor_names: { [id]: 'y'.repeat(60) },
    });
    expect(sixty.statusCode).toBe(201);
    for (const body of [{ sensor_names: [] }, { sensor_names: { [id]: 5 } }, { sensor_names: 'x' }]) {
      const response = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), body);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['sensor_names']);
    }
  });

  it('F500-UDF: degrees and networks 1-4; degrees are required with the spec message', async () => {
    const d = await withManager('F500-UDF');
    const before = await namesOf(d.manager, d);
    expect(before.degrees).toBeNull();
    expect(before.networks).toEqual([
      { label: 'Network 1', name: 'Network 1' },
      { label: 'Network 2', name: 'Network 2' },
      { label: 'Network 3', name: 'Network 3' },
      { label: 'Network 4', name: 'Network 4' },
    ]);
    for (const degrees of [undefined, '', null]) {
      const refused = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), {
        sensor_names: {},
        degrees,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ degrees: [MESSAGES.degreesRequired] });
    }
    const wrong = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), { degrees: 'K' });
    expect(wrong.json()).toEqual({ degrees: [MESSAGES.degreesRequired] });
    const network5 = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), {
      degrees: 'C',
      networks: { 5: 'x' },
    });
    expect(network5.json()).toEqual({ networks: [MESSAGES.unknownNetwork] });

    const saved = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), {
      sensor_names: {},
      degrees: 'C',
      networks: { 1: 'North conveyor', 2: '' },
    });
    expect(saved.statusCode).toBe(201);
    const body = saved.json<SensorNames>();
    expect(body.degrees).toBe('C');
    expect(body.networks?.[0]).toEqual({ label: 'Network 1', name: 'North conveyor' });
    expect(body.sensor_names.find((g) => g.id === 'net1.n01')?.name).toBe(
      'North conveyor / Network 1 Node 1',
    );
    // Networks left out keep their names.
    const again = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), { degrees: 'F' });
    expect(again.json<SensorNames>().networks?.[0]?.name).toBe('North conveyor');
  });

  it('refuses degrees and networks on other device types', async () => {
    const d = await withManager('F500');
    const response = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), { degrees: 'F' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ degrees: [MESSAGES.onlyF500Udf] });
    const empty = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), {
      degrees: null,
      sensor_names: {},
    });
    expect(empty.statusCode).toBe(201);
  });

  it('answers no groups before the device reports, and refuses names until it does', async () => {
    const d = await withManager('F500');
    const silent = await buildDevice(t.db, d.site, { deviceType: 'F500' });
    const names = await call(t.app, d.manager, 'GET', namesUrl(silent.id));
    expect(names.json()).toEqual({ sensor_names: [] });
    const post = await call(t.app, d.manager, 'POST', namesUrl(silent.id), { sensor_names: { a: 'b' } });
    expect(post.statusCode).toBe(400);
    expect(post.json()).toEqual({ sensor_names: [MESSAGES.noState] });
  });

  it('lets readers read and editors write; a foreign tenant gets 404, a visitor 401', async () => {
    const d = await withManager('F500');
    const id = d.fullIds[1] as string;
    const user = await headerAt(t.app, t.db, d.site, 'User');
    const engineer = await headerAt(t.app, t.db, d.site, 'Engineer');
    const foreign = await foreignManagerHeader(t.app, t.db);
    const body = { sensor_names: { [id]: 'Renamed' } };
    expect((await call(t.app, user, 'POST', namesUrl(d.device.id), body)).statusCode).toBe(403);
    expect((await call(t.app, engineer, 'POST', namesUrl(d.device.id), body)).statusCode).toBe(201);
    expect((await call(t.app, foreign, 'GET', namesUrl(d.device.id))).statusCode).toBe(404);
    expect((await call(t.app, foreign, 'POST', namesUrl(d.device.id), body)).statusCode).toBe(404);
    expect((await call(t.app, undefined, 'GET', namesUrl(d.device.id))).statusCode).toBe(401);
    expect((await call(t.app, d.manager, 'GET', namesUrl(2_000_000_000))).statusCode).toBe(404);
    const mismatch = await call(t.app, d.manager, 'POST', namesUrl(d.device.id), {
      ...body,
      device_id: d.device.id + 1,
    });
    expect(mismatch.json()).toEqual({ device_id: [MESSAGES.deviceMismatch] });
  });
});
