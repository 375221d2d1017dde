import {
  displaySensor,
  IE_NODE_UNITS,
  listSensors,
  SENSOR_SETTINGS_MESSAGES as MESSAGES,
  SENSOR_IMAGE_TYPES,
  type SensorDisplaySettings,
  type SensorImages,
  type SensorTypes,
} from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, deviceWithTree, foreignManagerHeader, headerAt } from '../../../test/sensor-settings';
import { buildTestApp, type TestApp } from '../../../test/test-app';

const typesUrl = (id: number, slash = '') => `/api/v1/devices/${id}/settings/sensor-types${slash}`;
const imagesUrl = (id: number) => `/api/v1/devices/${id}/settings/sensor-images/`;
const displayUrl = (id: number) => `/api/v1/devices/${id}/settings/display/`;

describe('sensor types, units, images and the display settings', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  async function withManager(type: 'F500' | '0005' | '0006' | 'F500-UDF') {
    const device = await deviceWithTree(t.app, t.db, type);
    return { ...device, manager: await headerAt(t.app, t.db, device.site, 'Manager') };
  }
  const typeIn = (body: SensorTypes, id: string) =>
    body.sensor_types.flatMap((group) => group.sensors).find((sensor) => sensor.id === id);

  it('0005: lists BOOL and NUMERIC sensors with defaults, sets a type with unit, k and c (201), both slash forms', async () => {
    const d = await withManager('0005');
    const ntc = `${d.device.udfId}.ntc.1`;
    const digital = `${d.device.udfId}.digital.1`;
    const before = await call(t.app, d.manager, 'GET', typesUrl(d.device.id, '/'));
    expect(before.statusCode).toBe(200);
    expect(typeIn(before.json<SensorTypes>(), ntc)).toEqual({
      id: ntc,
      label: 'NTC 1',
      type: 'NUMERIC',
      unit: null,
      k_value: 1,
      c_value: 0,
    });
    expect(before.json<SensorTypes>().sensor_types.map((group) => group.name)).toEqual([
      'System',
      'NTC',
      'Pulse',
      'Digital',
    ]);
    const saved = await call(t.app, d.manager, 'POST', typesUrl(d.device.id), {
      sensor_types: {
        '18000': { type: 'BOOL' },
        [`${d.device.udfId}.system.18000`]: { type: 'NUMERIC', unit: 16 },
        [ntc]: { type: 'NUMERIC', unit: 5, k: '0.5', c: -4 },
        [digital]: { type: 'BOOL', unit: 6, k: 3 },
      },
    });
    expect(saved.statusCode).toBe(201);
    expect(typeIn(saved.json<SensorTypes>(), `${d.device.udfId}.system.18000`)).toMatchObject({
      type: 'NUMERIC',
      unit: 16,
    });
    expect(typeIn(saved.json<SensorTypes>(), ntc)).toMatchObject({
      type: 'NUMERIC',
      unit: 5,
      k_value: 0.5,
      c_value: -4,
    });
    expect(typeIn(saved.json<SensorTypes>(), digital)).toMatchObject({
      type: 'BOOL',
      unit: null,
      k_value: 1,
      c_value: 0,
    });

    const settings = (
      await call(t.app, d.manager, 'GET', displayUrl(d.device.id))
    ).json<SensorDisplaySettings>();
    expect(settings.types[ntc]).toEqual({ type: 'NUMERIC', unit_id: 5, unit: 'mA', k: 0.5, c: -4 });
    const entry = listSensors(d.tree).find((e) => e.fullId === ntc);
    if (entry === undefined) {
      throw new Error('no NTC 1');
    }
    const shown = displaySensor(ntc, { ...entry.sensor, Value: 20 }, settings);
    expect(shown).toMatchObject({ value: 6, unit: 'mA', type: 'NUMERIC' });
  });

  it('refuses unknown units, bad numbers, a missing type and unknown sensors, applying nothing', async () => {
    const d = await withManager('0006');
    const [first] = d.fullIds;
    const post = (sensor_types: unknown) =>
      call(t.app, d.manager, 'POST', typesUrl(d.device.id), { sensor_types });
    expect((await post({ [first as string]: { type: 'NUMERIC', unit: 999 } })).json()).toEqual({
      sensor_types: [MESSAGES.unknownUnit],
    });
    expect((await post({ [first as string]: { type: 'NUMERIC', k: 'abc' } })).json()).toEqual({
      sensor_types: [MESSAGES.invalidNumber],
    });
    expect((await post({ [first as string]: { type: 'NUMERIC', c: 1e12 } })).json()).toEqual({
      sensor_types: [MESSAGES.invalidNumber],
    });
    expect((await post({ [first as string]: { unit: 1 } })).json()).toEqual({
      sensor_types: [MESSAGES.typeRequired],
    });
    const unknown = await post({ [first as string]: { type: 'BOOL' }, 'no.such': { type: 'BOOL' } });
    expect(unknown.json()).toEqual({ sensor_types: [MESSAGES.unknownSensor('no.such')] });
    const settings = (
      await call(t.app, d.manager, 'GET', displayUrl(d.device.id))
    ).json<SensorDisplaySettings>();
    expect(settings.types).toEqual({});
  });

  it('answers 400 for device types other than 0005 and 0006', async () => {
    const d = await withManager('F500');
    const get = await call(t.app, d.manager, 'GET', typesUrl(d.device.id));
    expect(get.statusCode).toBe(400);
    expect(get.json()).toEqual({ non_field_errors: [MESSAGES.typesNotSupported] });
    const post = await call(t.app, d.manager, 'POST', typesUrl(d.device.id), { sensor_types: {} });
    expect(post.json()).toEqual({ non_field_errors: [MESSAGES.typesNotSupported] });
  });

  it('sensor types: readers read, editors write, a foreign tenant gets 404', async () => {
    const d = await withManager('0005');
    const user = await headerAt(t.app, t.db, d.site, 'User');
    const foreign = await foreignManagerHeader(t.app, t.db);
    const body = { sensor_types: { [d.fullIds[0] as string]: { type: 'BOOL' } } };
    expect((await call(t.app, user, 'GET', typesUrl(d.device.id))).statusCode).toBe(200);
    expect((await call(t.app, user, 'POST', typesUrl(d.device.id), body)).statusCode).toBe(403);
    expect((await call(t.app, foreign, 'GET', typesUrl(d.device.id))).statusCode).toBe(404);
    expect((await call(t.app, foreign, 'POST', typesUrl(d.device.id), body)).statusCode).toBe(404);
  });

  it('lists the units and the image types, each picture served as SVG with a long cache', async () => {
    const d = await withManager('F500');
    const units = await call(t.app, d.manager, 'GET', '/api/v1/ie-node-units/');
    expect(units.json()).toEqual({ results: IE_NODE_UNITS });
    expect((await call(t.app, undefined, 'GET', '/api/v1/ie-node-units/')).statusCode).toBe(401);
    const types = await call(t.app, d.manager, 'GET', '/api/v1/sensor-image-types/');
    const list = types.json<Array<{ id: string; name: string; thumbs: { small: string } }>>();
    expect(list).toHaveLength(SENSOR_IMAGE_TYPES.length);
    for (const type of list) {
      const picture = await t.app.inject({ method: 'GET', url: type.thumbs.small });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/svg+xml');
      expect(picture.headers['cache-control']).toContain('max-age=31536000');
      expect(picture.body).toContain('<svg');
      expect(picture.body).not.toMatch(/<script|on\w+=/i);
    }
  });

  it('answers 404 for any other name under /static/sensor-images/, path tricks included', async () => {
    for (const url of [
      '/static/sensor-images/nope.svg',
      '/static/sensor-images/..%2F..%2Fpackage.json',
      '/static/sensor-images/%2e%2e%2fsensor-settings.table.ts',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('sets and resets images (201; null is the default image), refuses unknown image types', async () => {
    const d = await withManager('F500-UDF');
    const id = `${d.device.udfId}.net1.n01.1`;
    const before = await call(t.app, d.manager, 'GET', imagesUrl(d.device.id));
    expect(before.json<SensorImages>().groups[1]?.sensors[0]).toEqual({
      id,
      label: 'Bearing Temperature',
      name: 'Bearing Temperature',
      image_type: null,
    });
    const saved = await call(t.app, d.manager, 'POST', imagesUrl(d.device.id), {
      sensor_image_types: { [id]: 'bearing-temperature' },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json<SensorImages>().groups[1]?.sensors[0]?.image_type).toBe('bearing-temperature');
    const settings = (
      await call(t.app, d.manager, 'GET', displayUrl(d.device.id))
    ).json<SensorDisplaySettings>();
    expect(settings.images[id]).toEqual({
      image_type: 'bearing-temperature',
      url: '/static/sensor-images/bearing-temperature.svg',
    });
    const twice = await call(t.app, d.manager, 'POST', imagesUrl(d.device.id), {
      sensor_image_types: { '18000': 'pulley', [`${d.device.udfId}.system.18000`]: 'speed-sensor' },
    });
    expect(twice.statusCode).toBe(201);
    const system = twice.json<SensorImages>().groups[0]?.sensors;
    expect(system?.find((sensor) => sensor.id.endsWith('.18000'))?.image_type).toBe('speed-sensor');
    const wrong = await call(t.app, d.manager, 'POST', imagesUrl(d.device.id), {
      sensor_image_types: { [id]: 'unicorn' },
    });
    expect(wrong.json()).toEqual({ sensor_image_types: [MESSAGES.unknownImageType] });
    const reset = await call(t.app, d.manager, 'POST', imagesUrl(d.device.id), {
      sensor_image_types: { [id]: null },
    });
    expect(reset.json<SensorImages>().groups[1]?.sensors[0]?.image_type).toBeNull();
  });

  it('sensor images and display: readers read, editors write, a foreign tenant gets 404', async () => {
    const d = await withManager('F500');
    const user = await headerAt(t.app, t.db, d.site, 'User');
    const foreign = await foreignManagerHeader(t.app, t.db);
    const body = { sensor_image_types: { [d.fullIds[0] as string]: 'pulley' } };
    expect((await call(t.app, user, 'GET', imagesUrl(d.device.id))).statusCode).toBe(200);
    expect((await call(t.app, user, 'GET', displayUrl(d.device.id))).statusCode).toBe(200);
    expect((await call(t.app, user, 'POST', imagesUrl(d.device.id), body)).statusCode).toBe(403);
    expect((await call(t.app, foreign, 'GET', imagesUrl(d.device.id))).statusCode).toBe(404);
    expect((await call(t.app, foreign, 'POST', imagesUrl(d.device.id), body)).statusCode).toBe(404);
    expect((await call(t.app, foreign, 'GET', displayUrl(d.device.id))).statusCode).toBe(404);
    const bad = await call(t.app, d.manager, 'POST', imagesUrl(d.device.id), { sensor_image_types: [1] });
    expect(bad.statusCode).toBe(400);
  });

  it('display settings: F500-UDF degrees and networks, names, with nothing set the defaults', async () => {
    const d = await withManager('F500-UDF');
    const empty = (
      await call(t.app, d.manager, 'GET', displayUrl(d.device.id))
    ).json<SensorDisplaySettings>();
    expect(empty).toEqual({
      device_type: 'F500-UDF',
      degrees: null,
      networks: {},
      names: {},
      types: {},
      images: {},
    });
    const id = `${d.device.udfId}.net2.n01.1`;
    await call(t.app, d.manager, 'POST', `/api/v1/devices/${d.device.id}/settings/sensor-names`, {
      degrees: 'C',
      networks: { 2: 'South line' },
      sensor_names: { [id]: 'Tail bearing' },
    });
    const settings = (
      await call(t.app, d.manager, 'GET', displayUrl(d.device.id))
    ).json<SensorDisplaySettings>();
    expect(settings).toMatchObject({
      degrees: 'C',
      networks: { 2: 'South line' },
      names: { [id]: 'Tail bearing' },
    });
  });
});
