import { COMMON_MESSAGES, type SensorNames } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, deviceWithTree, headerAt, importCsv, type SettingsDevice } from '../../test/sensor-settings';
import { buildTestApp, type TestApp } from '../../test/test-app';

/** Issue 23: what PostgreSQL cannot store is a 400 naming the field, in a JSON body and in an uploaded file. */
describe('the input guard on sensor names', () => {
  let t: TestApp;
  let d: SettingsDevice;
  let manager: string;
  const namesUrl = () => `/api/v1/devices/${d.device.id}/settings/sensor-names`;

  beforeAll(async () => {
    t = await buildTestApp();
    d = await deviceWithTree(t.app, t.db, 'F500-UDF');
    manager = await headerAt(t.app, t.db, d.site, 'Manager');
  });
  afterAll(async () => t.close());

  const savedNames = async () => (await call(t.app, manager, 'GET', namesUrl())).json<SensorNames>();

  it('refuses a network name with a lone UTF-16 surrogate and changes nothing', async () => {
    const before = await savedNames();
    const response = await call(t.app, manager, 'POST', namesUrl(), {
      degrees: 'C',
      networks: { 1: 'Belt line \ud83d' },
      sensor_names: {},
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ networks: [COMMON_MESSAGES.unpairedSurrogate] });
    expect(await savedNames()).toEqual(before);
  });

  it('refuses a sensor name with a lone low surrogate', async () => {
    const response = await call(t.app, manager, 'POST', namesUrl(), {
      degrees: 'C',
      sensor_names: { [d.fullIds[0] as string]: '\ude00 Head' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ sensor_names: [COMMON_MESSAGES.unpairedSurrogate] });
  });

  it('refuses an imported CSV holding a NUL character and changes nothing', async () => {
    const before = await savedNames();
    const csv = `sensor_id,name\r\n${d.fullIds[0]},Head\u0000 pulley\r\n`;
    const response = await importCsv(t.app, manager, d.device.id, Buffer.from(csv, 'utf8'));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ file: [COMMON_MESSAGES.nullCharacter] });
    expect(await savedNames()).toEqual(before);
  });

  it('still saves a name with a whole emoji', async () => {
    const response = await call(t.app, manager, 'POST', namesUrl(), {
      degrees: 'C',
      networks: { 1: 'Belt line 🙂' },
      sensor_names: {},
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});
