import { GRAPH_LIMITS, GRAPH_MESSAGES, type GraphEvent } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTree, treeWith } from '../../../test/maintenance';
import { deviceWithTree, headerAt, type SettingsDevice } from '../../../test/sensor-settings';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { maintenanceRecords } from '../../db/tables/maintenance.table';
import { insertDeviceEvents } from '../telemetry/device-events.repo';

/** GET graphs/device/{id}/events/: marks on the time axis (docs/graphs.md 'Events'). */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('GET graphs/device/{id}/events/', () => {
  let t: TestApp;
  let d: SettingsDevice;
  let authorization: string;
  let bearing: string;

  beforeAll(async () => {
    t = await buildTestApp();
    d = await deviceWithTree(t.app, t.db, '0300');
    authorization = await headerAt(t.app, t.db, d.site, 'Manager');
    bearing = `${d.identity.udfId}.tmp.1`;
  });
  afterAll(async () => t.close());

  const eventsOf = async (query = ''): Promise<GraphEvent[]> => {
    const response = await t.app.inject({
      url: `/api/v1/graphs/device/${d.device.id}/events/${query}`,
      headers: { authorization },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GraphEvent[]>();
  };

  it('marks the alarm edges the ingest detected, with the sensor and its custom name', async () => {
    const names = await t.app.inject({
      method: 'POST',
      url: `/api/v1/devices/${d.device.id}/settings/sensor-names`,
      headers: { authorization },
      payload: { sensor_names: { [bearing]: 'Boot Bearing' } },
    });
    expect(names.statusCode, names.body).toBe(201);
    expect(await postTree(t.app, d.identity, treeWith(d.identity, bearing, 'alarm', 1))).toBe(202);
    expect(await postTree(t.app, d.identity, treeWith(d.identity, bearing, 'clear', 2))).toBe(202);
    const events = (await eventsOf()).filter((event) => event.sensor === bearing);
    expect(events).toEqual([
      { kind: 'alarm_on', at: expect.any(Number), sensor: bearing, label: 'Alarm on: Boot Bearing' },
      { kind: 'alarm_off', at: expect.any(Number), sensor: bearing, label: 'Alarm off: Boot Bearing' },
    ]);
    expect((events[0] as GraphEvent).at).toBeLessThanOrEqual((events[1] as GraphEvent).at);
  });

  it('adds offline periods and maintenance tests, oldest first, and leaves other kinds out', async () => {
    const now = Date.now();
    await insertDeviceEvents(t.db, [
      { deviceId: d.device.id, ts: new Date(now - 3 * 60 * MINUTE), kind: 'device_offline', sensorId: null },
      { deviceId: d.device.id, ts: new Date(now - 2 * 60 * MINUTE), kind: 'device_online', sensorId: null },
      { deviceId: d.device.id, ts: new Date(now - 2 * 60 * MINUTE), kind: 'power_up', sensorId: null },
      { deviceId: d.device.id, ts: new Date(now - 90 * MINUTE), kind: 'warning_on', sensorId: bearing },
    ]);
    // Maintenance ids start with the tree's Id (docs/maintenance.md); the mark carries the graph's sensor id.
    await t.db.insert(maintenanceRecords).values([
      {
        testId: 1,
        deviceId: d.device.id,
        sensorId: `${d.tree.Id}.tmp.1`,
        sensorName: 'Boot Bearing',
        groupName: 'Temperature',
        eventType: 'maintenance_expect_alarm_on',
        maintenanceTime: new Date(now - 60 * MINUTE),
      },
      {
        testId: 1,
        deviceId: d.device.id,
        sensorId: `${d.tree.Id}.tmp.1`,
        sensorName: 'Boot Bearing',
        groupName: 'Temperature',
        eventType: 'maintanance_succeeded',
        maintenanceTime: new Date(now - 55 * MINUTE),
      },
    ]);
    const events = (await eventsOf()).filter((event) => event.at < now - 30 * MINUTE);
    expect(events).toEqual([
      { kind: 'device_offline', at: now - 3 * 60 * MINUTE, sensor: null, label: 'Device offline' },
      { kind: 'device_online', at: now - 2 * 60 * MINUTE, sensor: null, label: 'Device online' },
      { kind: 'warning_on', at: now - 90 * MINUTE, sensor: bearing, label: 'Warning on: Boot Bearing' },
      {
        kind: 'maintenance',
        at: now - 60 * MINUTE,
        sensor: bearing,
        label: 'Maintenance test started: Boot Bearing',
      },
      {
        kind: 'maintenance',
        at: now - 55 * MINUTE,
        sensor: bearing,
        label: 'Maintenance test succeeded: Boot Bearing',
      },
    ]);
  });

  it('reads the last day by default, or the range asked for', async () => {
    const now = Date.now();
    await insertDeviceEvents(t.db, [
      { deviceId: d.device.id, ts: new Date(now - 3 * DAY), kind: 'device_offline', sensorId: null },
    ]);
    expect((await eventsOf()).some((event) => event.at === now - 3 * DAY)).toBe(false);
    const older = await eventsOf(`?from=${now - 4 * DAY}&to=${now - 2 * DAY}`);
    expect(older).toEqual([
      { kind: 'device_offline', at: now - 3 * DAY, sensor: null, label: 'Device offline' },
    ]);
  });

  it(`answers the newest ${GRAPH_LIMITS.eventsLimit}, oldest first`, async () => {
    const start = Date.now() - 20 * DAY;
    await insertDeviceEvents(
      t.db,
      Array.from({ length: GRAPH_LIMITS.eventsLimit + 20 }, (_, index) => ({
        deviceId: d.device.id,
        ts: new Date(start + index * MINUTE),
        kind: index % 2 === 0 ? ('alarm_on' as const) : ('alarm_off' as const),
        sensorId: bearing,
      })),
    );
    const events = await eventsOf(`?from=${start}&to=${start + DAY}`);
    expect(events).toHaveLength(GRAPH_LIMITS.eventsLimit);
    expect(events[0]?.at).toBe(start + 20 * MINUTE);
    expect(events.at(-1)?.at).toBe(start + (GRAPH_LIMITS.eventsLimit + 19) * MINUTE);
  });

  it.each([
    [`?from=0&to=${32 * DAY}`, 'to'],
    ['?from=10&to=5', 'to'],
    ['?from=abc', 'from'],
    [`?from=${Date.now() + DAY}`, 'to'],
  ])('refuses %s with a 400 that says why', async (query, field) => {
    const response = await t.app.inject({
      url: `/api/v1/graphs/device/${d.device.id}/events/${query}`,
      headers: { authorization },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: [GRAPH_MESSAGES.rangeInvalid] });
  });
});
