import {
  type DeviceGraphs,
  GRAPH_LIMITS,
  GRAPH_MESSAGES,
  type GraphPoint,
  SENSOR_STATE_TEXTS,
  type StateTree,
} from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildSite } from '../../../test/factories';
import { postTree, provisionTypedDevice } from '../../../test/maintenance';
import {
  deviceWithTree,
  foreignManagerHeader,
  headerAt,
  type SettingsDevice,
  superuserHeader,
} from '../../../test/sensor-settings';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { sensorReadings } from '../../db/tables/sensor-readings.table';
import { getClientById } from '../clients/clients.repo';
import { findSensorKeysOfDevice } from './graphs.repo';

/** live-update/ (wire-formats.md 'Graphs'), validation, roles and tenants of the graph calls (docs/graphs.md). */

const MINUTE = 60_000;

describe('graph calls: live updates, validation and access', () => {
  let t: TestApp;
  let d: SettingsDevice;
  let authorization: string;

  beforeAll(async () => {
    t = await buildTestApp();
    d = await deviceWithTree(t.app, t.db, '0300');
    authorization = await headerAt(t.app, t.db, d.site, 'User');
  });
  afterAll(async () => t.close());

  /** `null`: no Authorization header. */
  const get = (url: string, header: string | null = authorization) =>
    t.app.inject({ url, headers: header === null ? {} : { authorization: header } });
  const graphsUrl = (suffix = '') => `/api/v1/graphs/device/${d.device.id}/${suffix}`;
  const liveOf = async (query = ''): Promise<DeviceGraphs> => {
    const response = await get(graphsUrl(`live-update/${query}`));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DeviceGraphs>();
  };
  const seriesIds = (body: DeviceGraphs) =>
    Object.entries(body.graphs).flatMap(([key, graph]) =>
      graph.series.map((series) => `${key}|${series.sensor}`),
    );
  const points = (body: DeviceGraphs) =>
    Object.values(body.graphs).flatMap((graph) => graph.series.flatMap((series) => series.data));
  const newest = (body: DeviceGraphs) => Math.max(...points(body).map((point) => point[0]));

  /** A tree whose every NUMERIC value is `value` (BOOL and ENUM as the simulator gives them). */
  function treeWithValue(value: number): StateTree {
    const tree = structuredClone(d.tree);
    for (const group of tree.groups) {
      for (const sensor of group.sensors) {
        if (sensor.Type === 'NUMERIC') {
          sensor.Value = value;
        }
      }
    }
    return tree;
  }

  it('answers the last 10 minutes without since, every graph and series in the order of the full call', async () => {
    expect(await postTree(t.app, d.identity, treeWithValue(41))).toBe(202);
    const full = await get(graphsUrl('?timescale=hour'));
    expect(full.statusCode).toBe(200);
    const live = await liveOf();
    expect(seriesIds(live)).toEqual(seriesIds(full.json<DeviceGraphs>()));
    expect(seriesIds(live)).toHaveLength(20);
    const now = Date.now();
    expect(points(live).every((point) => point[0] > now - GRAPH_LIMITS.liveWindowMs - 1_000)).toBe(true);
    const bearing = live.graphs[`${d.identity.udfId}.tmp`]?.series[0]?.data;
    expect(bearing?.at(-1)).toEqual([expect.any(Number), 41, false, 'OK']);
  });

  it('answers only the points after since, appended by series position', async () => {
    const since = newest(await liveOf());
    expect(points(await liveOf(`?since=${since}`))).toEqual([]);
    expect(await postTree(t.app, d.identity, treeWithValue(42))).toBe(202);
    const update = await liveOf(`?since=${since}`);
    expect(seriesIds(update)).toHaveLength(20);
    for (const graph of Object.values(update.graphs)) {
      for (const series of graph.series) {
        expect(series.data, series.sensor).toHaveLength(1);
        expect(series.data[0]?.[0]).toBeGreaterThan(since);
      }
    }
    expect(update.graphs[`${d.identity.udfId}.tmp`]?.series[0]?.data[0]?.[1]).toBe(42);
  });

  it('marks a gap between the newest point held and the first new one', async () => {
    const now = Date.now();
    const since = now - 50 * MINUTE;
    const keys = await findSensorKeysOfDevice(t.db, d.device.id);
    const key = keys.get(`${d.identity.udfId}.speed.1`) as number;
    await t.db
      .insert(sensorReadings)
      .values({ sensorKey: key, ts: new Date(now - 10 * MINUTE), value: 7, status: 0, inAlarm: false });
    // A page whose newest point is 50 minutes old; the next reading came 40 minutes later.
    const update = await liveOf(`?since=${since}`);
    const speed = update.graphs[`${d.identity.udfId}.speed`]?.series[0]?.data ?? [];
    expect(speed.slice(0, 2)).toEqual([
      [since + 20 * MINUTE, null, false, SENSOR_STATE_TEXTS.lostCommunication] satisfies GraphPoint,
      [now - 10 * MINUTE, 7, false, 'OK'],
    ]);
  });

  it('reaches at most an hour back, whatever since says', async () => {
    const keys = await findSensorKeysOfDevice(t.db, d.device.id);
    const key = keys.get(`${d.identity.udfId}.speed.2`) as number;
    const old = Date.now() - 2 * 60 * MINUTE;
    await t.db
      .insert(sensorReadings)
      .values({ sensorKey: key, ts: new Date(old), value: 3, status: 0, inAlarm: false });
    const speed = (await liveOf('?since=0')).graphs[`${d.identity.udfId}.speed`]?.series[1]?.data ?? [];
    expect(speed.length).toBeGreaterThan(0);
    expect(speed.some((point) => point[0] === old)).toBe(false);
  });

  it('answers no graphs for a device that has not reported yet', async () => {
    const quiet = await provisionTypedDevice(t.db, '0300', d.site);
    const response = await get(`/api/v1/graphs/device/${quiet.device.id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      device: quiet.device.id,
      device_name: quiet.device.title,
      device_type: '0300',
      graphs: {},
    });
  });

  it.each([
    ['?timescale=year', { timescale: [GRAPH_MESSAGES.timescaleInvalid] }],
    ['?timescale=live', { timescale: [GRAPH_MESSAGES.timescaleInvalid] }],
    ['?timestamp=2026-02-30%2010:00:00', { timestamp: [GRAPH_MESSAGES.timestampInvalid] }],
    ['?timestamp=yesterday', { timestamp: [GRAPH_MESSAGES.timestampInvalid] }],
    ['?timescale=day&timestamp=2026-11-01%2010:00:00', { timestamp: [GRAPH_MESSAGES.timescaleOrTimestamp] }],
    ['?from=1000', { to: [GRAPH_MESSAGES.rangeInvalid] }],
    ['?from=5000&to=1000', { to: [GRAPH_MESSAGES.rangeInvalid] }],
    [`?from=0&to=${32 * 24 * 60 * MINUTE}`, { to: [GRAPH_MESSAGES.rangeInvalid] }],
    ['?from=abc&to=1000', { from: [GRAPH_MESSAGES.rangeInvalid] }],
    ['?from=0&to=1000&timescale=day', { from: [GRAPH_MESSAGES.rangeInvalid] }],
  ])('refuses %s with a 400 that says why', async (query, body) => {
    const response = await get(graphsUrl(query));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(body);
  });

  it.each(['?since=abc', '?since=-5'])('refuses live-update/%s with a 400', async (query) => {
    const response = await get(graphsUrl(`live-update/${query}`));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ since: ['Send since as epoch milliseconds.'] });
  });

  it('answers 400 for a device id that is not a number', async () => {
    expect((await get('/api/v1/graphs/device/abc/')).statusCode).toBe(400);
  });

  describe('access', () => {
    const calls = ['', 'live-update/', 'events/'];

    it.each(calls)('lets a User of the site and a superuser read %s', async (suffix) => {
      expect((await get(graphsUrl(suffix))).statusCode).toBe(200);
      expect((await get(graphsUrl(suffix), await superuserHeader(t.app, t.db))).statusCode).toBe(200);
    });

    it.each(calls)(
      "answers 404 for %s to a person of the client without access to the device's site",
      async (suffix) => {
        const client = await getClientById(t.db, d.site.clientId);
        const otherSite = await buildSite(t.db, client ?? (await buildClient(t.db)));
        const response = await get(graphsUrl(suffix), await headerAt(t.app, t.db, otherSite, 'Manager'));
        expect(response.statusCode).toBe(404);
      },
    );

    it.each(calls)(
      "answers 404 for %s of another tenant's device, and for a device that does not exist",
      async (suffix) => {
        expect((await get(graphsUrl(suffix), await foreignManagerHeader(t.app, t.db))).statusCode).toBe(404);
        expect((await get(`/api/v1/graphs/device/999999/${suffix}`)).statusCode).toBe(404);
      },
    );

    it.each(calls)('answers 401 for %s without a token', async (suffix) => {
      expect((await get(graphsUrl(suffix), null)).statusCode).toBe(401);
    });
  });
});
