import { MAX_TREE_NAME_LENGTH, type StateTree } from '@vigil/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTree } from '../../../test/feed-client';
import {
  metricValue,
  provisionDevice,
  readingsOfDevice,
  reload,
  treeOf,
  waitFor,
} from '../../../test/telemetry';
import { buildTestApp, METRICS_REQUEST, type TestApp } from '../../../test/test-app';
import { deviceEvents } from '../../db/tables/device-events.table';
import { notifications } from '../../db/tables/notifications.table';
import { sensors } from '../../db/tables/sensors.table';
import { MAX_NEW_SENSORS_PER_HOUR } from './sensor-admission';

/** The device's tree with an extra group of `count` alarmed sensors whose ids start at `from`. */
function floodTreeOf(
  identity: Parameters<typeof treeOf>[0],
  from: number,
  count: number,
  seed: number,
): string {
  const tree = JSON.parse(treeOf(identity, seed)) as StateTree;
  const flood = Array.from({ length: count }, (_, n) => ({
    Id: from + n,
    Name: `Flood ${from + n}`,
    Type: 'NUMERIC',
    Value: 999,
    Status: 'Alarm',
    Alarm: true,
    Meta: { Min: 0, Max: 100, NumDecimalPoints: 0, State: null, Units: '°F' },
  }));
  tree.groups.push({ Id: 'flood', Name: 'Flood', Status: 'Alarm', Alarm: true, sensors: flood as never });
  return JSON.stringify({ ...tree, Status: 'Alarm', Alarm: true });
}

describe('what a device input may create', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const metric = async (sample: string) => metricValue((await t.app.inject(METRICS_REQUEST)).body, sample);
  const sensorsOf = async (deviceId: number) =>
    (await t.db.select({ n: count() }).from(sensors).where(eq(sensors.deviceId, deviceId)))[0]?.n ?? 0;

  it('keeps 4 trees of 500 never-seen alarmed ids to 100 new sensors, and their notifications with them', async () => {
    const { device, identity } = await provisionDevice(t.db);
    expect(await postTree(t.app, identity, treeOf(identity, 1))).toBe(202);
    const layout = await sensorsOf(device.id);
    const refusedBefore = await metric('vigil_ingest_sensors_refused_total');

    for (let tree = 0; tree < 4; tree++) {
      expect(await postTree(t.app, identity, floodTreeOf(identity, 10_000 + tree * 500, 500, tree + 2))).toBe(
        202,
      );
    }

    expect(await sensorsOf(device.id)).toBe(layout + MAX_NEW_SENSORS_PER_HOUR);
    expect(await metric('vigil_ingest_sensors_refused_total')).toBe(
      refusedBefore + 2000 - MAX_NEW_SENSORS_PER_HOUR,
    );
    // The stock sensors kept working: a reading of each in each of the five trees.
    const readings = await readingsOfDevice(t.db, device.id);
    expect(readings.filter((reading) => !reading.sensorId.includes('.flood.'))).toHaveLength(5 * layout);
    expect(readings.filter((reading) => reading.sensorId.includes('.flood.'))).toHaveLength(
      MAX_NEW_SENSORS_PER_HOUR,
    );

    const alarmsOn = await t.db
      .select({ n: count() })
      .from(deviceEvents)
      .where(and(eq(deviceEvents.deviceId, device.id), eq(deviceEvents.kind, 'alarm_on')));
    expect(alarmsOn[0]?.n).toBeLessThanOrEqual(MAX_NEW_SENSORS_PER_HOUR);
    await waitFor(async () => {
      const unprojected = await t.db
        .select({ n: count() })
        .from(deviceEvents)
        .where(and(eq(deviceEvents.deviceId, device.id), isNull(deviceEvents.projectedAt)));
      return unprojected[0]?.n === 0;
    });
    const created = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.deviceId, device.id), eq(notifications.eventType, 'alarm_on')));
    expect(created[0]?.n).toBeGreaterThan(0);
    expect(created[0]?.n).toBeLessThanOrEqual(MAX_NEW_SENSORS_PER_HOUR);
  });

  it('refuses a reading beyond ±1e15 or not finite with 400 invalid_tree, storing nothing', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const invalidBefore = await metric('vigil_ingest_rejected_total{reason="invalid_tree"}');
    const extreme = JSON.parse(treeOf(identity)) as StateTree;
    const first = extreme.groups[0]?.sensors[0];
    if (first === undefined) {
      throw new Error('the simulator tree has no sensor');
    }
    first.Value = 1.7976931348623157e308;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/ingest/${identity.udfId}/`,
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${identity.serialNumber}:${identity.code}`).toString('base64')}`,
      },
      payload: JSON.stringify(extreme),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: `sensor ${first.Id}: Value 1.7976931348623157e+308 is not a finite number within ±1e+15`,
    });
    // 1e999 is valid JSON that JSON.parse reads as Infinity.
    const infinite = JSON.stringify(extreme).replace('1.7976931348623157e+308', '1e999');
    expect(await postTree(t.app, identity, infinite)).toBe(400);
    expect((await reload(t.db, device)).lastSeenAt).toBeNull();
    expect(await metric('vigil_ingest_rejected_total{reason="invalid_tree"}')).toBe(invalidBefore + 2);
  });

  it(`refuses a 200 KB sensor name, and any over ${MAX_TREE_NAME_LENGTH} characters, with 400`, async () => {
    const { device, identity } = await provisionDevice(t.db);
    for (const length of [200_000, MAX_TREE_NAME_LENGTH + 1]) {
      const tree = JSON.parse(treeOf(identity)) as StateTree;
      const first = tree.groups[0]?.sensors[0];
      if (first !== undefined) {
        first.Name = 'N'.repeat(length);
      }
      expect(await postTree(t.app, identity, JSON.stringify(tree))).toBe(400);
    }
    expect((await reload(t.db, device)).lastSeenAt).toBeNull();
    expect(await postTree(t.app, identity, treeOf(identity))).toBe(202);
  });
});
