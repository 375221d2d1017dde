import {
  DEVICE_TYPES,
  type DeviceSensorGroup,
  type DeviceSensorNetwork,
  listSensors,
  type WarningsPage,
} from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceWithTree, headerAt } from '../../../test/sensor-settings';
import { buildTestApp, type TestApp } from '../../../test/test-app';

/**
 * Issue 23, compatibility with the earlier browser client (wire-formats.md 'Sensor ids'): GET devices/{id}/sensors/
 * keeps ids as the tree gives them, groups F500-UDF by network, and its warning editor's payload
 * (`sensor_id: +sensor.id`) saves a warning on every device type.
 */
describe('GET devices/{id}/sensors/ as the earlier client reads it', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  /** Every sensor of the answer. */
  function sensorsOf(groups: DeviceSensorGroup[]) {
    return groups.flatMap((group) => group.sensors);
  }

  for (const deviceType of DEVICE_TYPES) {
    it(`answers the tree's own ids and takes the earlier client's warning (${deviceType})`, async () => {
      const d = await deviceWithTree(t.app, t.db, deviceType);
      const manager = await headerAt(t.app, t.db, d.site, 'Manager');
      const response = await t.app.inject({
        url: `/api/v1/devices/${d.device.id}/sensors/`,
        headers: { authorization: manager },
      });
      expect(response.statusCode, response.body).toBe(200);
      const groups =
        deviceType === 'F500-UDF'
          ? response.json<DeviceSensorNetwork[]>().flatMap((network) => {
              expect(Object.keys(network).sort()).toEqual(['groups', 'name']);
              return network.groups;
            })
          : response.json<DeviceSensorGroup[]>();
      const entries = listSensors(d.tree);
      const sensors = sensorsOf(groups);
      const byText = (a: string | number, b: string | number) => String(a).localeCompare(String(b));
      expect(sensors.map((sensor) => sensor.id).sort(byText)).toStrictEqual(
        entries.map((entry) => entry.sensor.Id).sort(byText),
      );

      // The editor sends `+sensor.id` of the chosen sensor: one whose leaf Id is the only one in the tree.
      const unique = sensors.find(
        (sensor) => sensors.filter((other) => String(other.id) === String(sensor.id)).length === 1,
      );
      expect(Number.isNaN(Number(unique?.id))).toBe(false);
      const saved = await t.app.inject({
        method: 'POST',
        url: `/api/v1/devices/${d.device.id}/settings/warnings/`,
        headers: { authorization: manager },
        payload: [{ sign: '>', value: '50', sensor_id: Number(unique?.id) }],
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json<WarningsPage>().results.map((warning) => warning.sensor_id)).toEqual([
        unique?.full_id,
      ]);

      // Vigil's own screens read each sensor's full dotted id beside it.
      expect(sensors.map((sensor) => sensor.full_id).sort()).toEqual(
        entries.map((entry) => entry.fullId).sort(),
      );
      for (const sensor of sensors) {
        expect(entries.find((one) => one.fullId === sensor.full_id)?.sensor.Id).toStrictEqual(sensor.id);
      }
    });
  }

  it('groups the nodes of an F500-UDF under their network', async () => {
    const d = await deviceWithTree(t.app, t.db, 'F500-UDF');
    const manager = await headerAt(t.app, t.db, d.site, 'Manager');
    const networks = (
      await t.app.inject({
        url: `/api/v1/devices/${d.device.id}/sensors/`,
        headers: { authorization: manager },
      })
    ).json<DeviceSensorNetwork[]>();
    const network = networks.find((one) => one.groups.length > 1);
    expect(network?.name).toBe(d.tree.groups.find((group) => group.Id === 'net1')?.Name);
    expect(network?.groups.map((group) => group.id)).toEqual(
      d.tree.groups.find((group) => group.Id === 'net1')?.groups?.map((node) => node.Id),
    );
  });
});
