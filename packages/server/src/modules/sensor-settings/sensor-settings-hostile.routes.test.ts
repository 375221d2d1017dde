import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, deviceWithTree, superuserHeader } from '../../../test/sensor-settings';
import { buildTestApp, type TestApp } from '../../../test/test-app';

const WEIRD: unknown[] = [
  null,
  '',
  'x'.repeat(5000),
  -1,
  1e308,
  true,
  [],
  {},
  '<script>',
  "' or 1=1 --",
  '\u0000',
];

/** Every body a careless or hostile client could send to a real device's settings: 4xx at worst, never a 500. */
describe('sensor settings under hostile input', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers weird keys and values of every POST with 2xx or 400', async () => {
    const superuser = await superuserHeader(t.app, t.db);
    const failures: string[] = [];
    for (const type of ['0005', 'F500-UDF'] as const) {
      const d = await deviceWithTree(t.app, t.db, type);
      const id = d.fullIds[1] as string;
      const keys = [id, '', ' ', '..', 'x'.repeat(300), '__proto__', 'constructor', '\u0000'];
      const bodies: Array<[string, unknown]> = [];
      for (const key of keys) {
        for (const value of WEIRD) {
          bodies.push(['sensor-names', { degrees: 'F', sensor_names: { [key]: value } }]);
          bodies.push(['sensor-names', { degrees: value, networks: { [key]: value } }]);
          bodies.push([
            'sensor-types',
            { sensor_types: { [key]: { type: value, unit: value, k: value, c: value } } },
          ]);
          bodies.push(['sensor-types', { sensor_types: { [key]: value } }]);
          bodies.push(['sensor-images/', { sensor_image_types: { [key]: value } }]);
        }
      }
      for (const [path, body] of bodies) {
        const response = await call(
          t.app,
          superuser,
          'POST',
          `/api/v1/devices/${d.device.id}/settings/${path}`,
          body,
        );
        if (response.statusCode >= 500 || (response.statusCode >= 300 && response.statusCode !== 400)) {
          failures.push(
            `${type} ${path} ${JSON.stringify(body).slice(0, 120)} → ${response.statusCode} ${response.body}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
