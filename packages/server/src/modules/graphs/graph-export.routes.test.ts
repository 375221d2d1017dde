import { GRAPH_MESSAGES, SENSOR_STATUSES } from '@vigil/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildSite } from '../../../test/factories';
import { signedInAt } from '../../../test/maintenance';
import { call, deviceWithTree, foreignManagerHeader, superuserHeader } from '../../../test/sensor-settings';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { sensorReadings } from '../../db/tables/sensor-readings.table';
import { sensorRollups1m } from '../../db/tables/sensor-rollups.table';
import { sensors } from '../../db/tables/sensors.table';
import { formatWallClock } from '../telemetry/zoned-time';

const exportUrl = (id: number, query = '') => `/api/v1/graphs/device/${id}/export/${query}`;
const MINUTE = 60_000;
const TIME_ZONE = 'America/New_York';

describe('graph CSV export through the API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  /** An F500 in New York with its tree (one reading per sensor, now) and a User (reader) of its site. */
  async function f500WithReader() {
    const site = await buildSite(t.db, await buildClient(t.db), { timezone: TIME_ZONE });
    const d = await deviceWithTree(t.app, t.db, 'F500', site);
    const reader = await signedInAt(t.app, t.db, d.site, 'User');
    return { ...d, ...reader };
  }

  async function keyOf(deviceId: number, sensorId: string): Promise<number> {
    const [row] = await t.db
      .select({ id: sensors.id })
      .from(sensors)
      .where(and(eq(sensors.deviceId, deviceId), eq(sensors.sensorId, sensorId)));
    if (row === undefined) {
      throw new Error(`no key for ${sensorId}`);
    }
    return row.id;
  }

  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(0, -1);

  it('streams the hour of a sensor as CSV: headers, file name, site-time readings oldest first', async () => {
    const d = await f500WithReader();
    const bearing = `${d.identity.udfId}.net1.n01.1`;
    const key = await keyOf(d.device.id, bearing);
    const base = Date.now() - 40 * MINUTE;
    await t.db.insert(sensorReadings).values(
      [0, 10, 20].map((offset, i) => ({
        sensorKey: key,
        ts: new Date(base + offset * MINUTE),
        value: 70 + i,
        status: SENSOR_STATUSES.indexOf(i === 2 ? 'Alarm' : 'OK'),
        inAlarm: i === 2,
      })),
    );

    const response = await call(
      t.app,
      d.authorization,
      'GET',
      exportUrl(d.device.id, `?current_chart_type=hour&sensor_id=${bearing}`),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="device_${d.device.id}_sensor_${bearing.replaceAll('.', '\\.')}_hour_\\d{4}-\\d{2}-\\d{2}_\\d{2}-\\d{2}-\\d{2}\\.csv"$`,
      ),
    );
    const lines = csvLines(response.body);
    expect(lines[0]).toBe(`timestamp (${TIME_ZONE}),sensor_id,series,value,min,max,status,in_alarm`);
    const name = 'Network 1 Node 1:Bearing Temperature';
    expect(lines.slice(1, 4)).toEqual([
      `${formatWallClock(new Date(base), TIME_ZONE)},${bearing},${name},70,,,OK,No`,
      `${formatWallClock(new Date(base + 10 * MINUTE), TIME_ZONE)},${bearing},${name},71,,,OK,No`,
      `${formatWallClock(new Date(base + 20 * MINUTE), TIME_ZONE)},${bearing},${name},72,,,Alarm,Yes`,
    ]);
    // Then the reading the ingest stored with the tree.
    expect(lines).toHaveLength(5);
    expect(lines[4]).toContain(`,${bearing},${name},`);
  });

  it('exports a graph key (every series of the graph) or a last segment; the day by default', async () => {
    const d = await f500WithReader();
    const node = `${d.identity.udfId}.net1.n02`;
    const minute = Math.floor((Date.now() - 3 * 3_600_000) / MINUTE) * MINUTE;
    for (const leaf of ['1', '3']) {
      await t.db.insert(sensorRollups1m).values({
        sensorKey: await keyOf(d.device.id, `${node}.${leaf}`),
        bucket: new Date(minute),
        min: 1,
        max: 5,
        sum: 9,
        count: 3,
        last: 5,
        samples: 3,
        worstStatus: 0,
        anyAlarm: false,
      });
    }
    const byKey = await call(t.app, d.authorization, 'GET', exportUrl(d.device.id, `?sensor_id=${node}`));
    expect(byKey.statusCode).toBe(200);
    expect(byKey.headers['content-disposition']).toContain(`_sensor_${node}_day_`);
    const lines = csvLines(byKey.body).slice(1);
    const stamp = formatWallClock(new Date(minute), TIME_ZONE);
    expect(lines.filter((line) => line.startsWith(stamp))).toEqual([
      `${stamp},${node}.1,Network 1 Node 2:Bearing Temperature,3,1,5,OK,No`,
      `${stamp},${node}.3,Network 1 Node 2:Shaft Speed,3,1,5,OK,No`,
    ]);
    expect(new Set(lines.map((line) => line.split(',')[1]))).toEqual(
      new Set([1, 2, 3, 4].map((leaf) => `${node}.${leaf}`)),
    );

    const bySegment = await call(
      t.app,
      d.authorization,
      'GET',
      exportUrl(d.device.id, '?current_chart_type=DAY&sensor_id=3'),
    );
    expect(bySegment.statusCode).toBe(200);
    const sensorsOf = new Set(
      csvLines(bySegment.body)
        .slice(1)
        .map((line) => line.split(',')[1]),
    );
    expect([...sensorsOf].sort()).toEqual(
      [
        ...['n01', 'n02', 'n03', 'n04'].map((n) => `${d.identity.udfId}.net1.${n}.3`),
        `${d.identity.udfId}.system.3`,
      ].sort(),
    );
  });

  it('refuses a missing or unknown sensor and a bad timescale with 400', async () => {
    const d = await f500WithReader();
    const get = (query: string) => call(t.app, d.authorization, 'GET', exportUrl(d.device.id, query));
    for (const query of ['', '?current_chart_type=day', '?sensor_id=%20']) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ sensor_id: [GRAPH_MESSAGES.sensorRequired] });
    }
    const unknown = await get('?sensor_id=nowhere.9');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ sensor_id: [GRAPH_MESSAGES.unknownSensor] });
    const timescale = await get('?current_chart_type=year&sensor_id=1');
    expect(timescale.statusCode).toBe(400);
    expect(timescale.json()).toEqual({ current_chart_type: [GRAPH_MESSAGES.timescaleInvalid] });
    expect((await get('?sensor_id=1&sensor_id=2')).statusCode).toBe(400);
    // 'live' exports the hour the Live chart shows.
    const live = await get('?current_chart_type=live&sensor_id=1');
    expect(live.statusCode).toBe(200);
    expect(live.headers['content-disposition']).toContain('_sensor_1_hour_');
  });

  it('refuses a visitor (401), a foreign manager and an unknown device (404); staff may export', async () => {
    const d = await f500WithReader();
    const query = '?sensor_id=1';
    expect((await call(t.app, undefined, 'GET', exportUrl(d.device.id, query))).statusCode).toBe(401);
    const foreign = await foreignManagerHeader(t.app, t.db);
    expect((await call(t.app, foreign, 'GET', exportUrl(d.device.id, query))).statusCode).toBe(404);
    // The foreign person learns nothing from the query either.
    expect((await call(t.app, foreign, 'GET', exportUrl(d.device.id))).statusCode).toBe(404);
    expect((await call(t.app, d.authorization, 'GET', exportUrl(2_000_000, query))).statusCode).toBe(404);
    const staff = await superuserHeader(t.app, t.db);
    expect((await call(t.app, staff, 'GET', exportUrl(d.device.id, query))).statusCode).toBe(200);
  });
});
