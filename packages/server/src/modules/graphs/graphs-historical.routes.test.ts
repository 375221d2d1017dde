import { type DeviceGraphs, type GraphSeries, listSensors } from '@vigil/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceWithTree, headerAt, type SettingsDevice } from '../../../test/sensor-settings';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { sensorReadings } from '../../db/tables/sensor-readings.table';
import { locations } from '../../db/tables/sites.table';
import { saveRollupProgress, upsertRollups } from '../telemetry/rollups.repo';
import { formatWallClock } from '../telemetry/zoned-time';
import { findSensorKeysOfDevice } from './graphs.repo';

/**
 * The 1-hour graphs (historical and month) of a device that started minutes ago (docs/graphs.md 'Reading'): no
 * 1-hour roll-up is stored yet, so every point comes from the open tail — 1-minute roll-ups and the raw readings
 * not rolled up yet. A NUMERIC and a BOOL sensor both get their points.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TIMEZONE = 'America/Chicago';

describe('GET graphs/device/{id}/ (1-hour graphs) of a device that started minutes ago', () => {
  let t: TestApp;
  let d: SettingsDevice;
  let authorization: string;
  let keys: { numeric: number; bool: number };
  let ids: { numeric: string; bool: string };
  /** The minute of the newest reading, and the first reading's minute (five minutes before). */
  let lastMinute: number;
  let firstMinute: number;

  beforeAll(async () => {
    t = await buildTestApp();
    d = await deviceWithTree(t.app, t.db, 'F500');
    await t.db.update(locations).set({ timezone: TIMEZONE }).where(eq(locations.id, d.site.id));
    authorization = await headerAt(t.app, t.db, d.site, 'User');
    const sensorKeys = await findSensorKeysOfDevice(t.db, d.device.id);
    const idOf = (type: 'NUMERIC' | 'BOOL') =>
      listSensors(d.tree).find((entry) => entry.sensor.Type === type)?.fullId ?? '';
    ids = { numeric: idOf('NUMERIC'), bool: idOf('BOOL') };
    keys = { numeric: sensorKeys.get(ids.numeric) ?? 0, bool: sensorKeys.get(ids.bool) ?? 0 };
    // Readings every 10 s of the last five minutes up to now: NUMERIC 10, 11, ... per minute; the BOOL contact
    // open (0) for three minutes, then closed (1).
    const now = Date.now();
    lastMinute = Math.floor(now / MINUTE) * MINUTE;
    firstMinute = lastMinute - 5 * MINUTE;
    await t.db.delete(sensorReadings).where(inArray(sensorReadings.sensorKey, [keys.numeric, keys.bool]));
    const rows = [];
    for (let ts = firstMinute; ts <= now; ts += 10_000) {
      const minute = Math.floor((ts - firstMinute) / MINUTE);
      const base = { ts: new Date(ts), status: 0, inAlarm: false };
      rows.push({ ...base, sensorKey: keys.numeric, value: 10 + minute });
      rows.push({ ...base, sensorKey: keys.bool, value: minute >= 3 ? 1 : 0 });
    }
    await t.db.insert(sensorReadings).values(rows);
  });
  afterAll(async () => t.close());

  /** The roll-up job's state: minutes rolled up until `minutesDone`, hours until the hour of the first reading. */
  async function rolledUpUntil(minutesDone: number): Promise<void> {
    await t.db.execute(
      sql`delete from sensor_rollups_1m where bucket >= ${new Date(firstMinute - HOUR).toISOString()}::timestamptz`,
    );
    if (minutesDone > firstMinute) {
      await upsertRollups(t.db, '1m', { from: new Date(firstMinute), to: new Date(minutesDone) });
    }
    await saveRollupProgress(t.db, '1m', new Date(minutesDone));
    await saveRollupProgress(t.db, '1h', new Date(Math.floor(firstMinute / HOUR) * HOUR));
  }

  async function graphsOf(query: string): Promise<{ numeric: GraphSeries; bool: GraphSeries }> {
    const response = await t.app.inject({
      url: `/api/v1/graphs/device/${d.device.id}/${query}`,
      headers: { authorization },
    });
    expect(response.statusCode, response.body).toBe(200);
    const series = Object.values(response.json<DeviceGraphs>().graphs).flatMap((graph) => graph.series);
    const of = (id: string) => series.find((entry) => entry.sensor === id) as GraphSeries;
    return { numeric: of(ids.numeric), bool: of(ids.bool) };
  }

  /** A minute after the newest reading, on the site's wall clock. */
  const historical = () =>
    `?timestamp=${encodeURIComponent(`${formatWallClock(new Date(lastMinute + MINUTE), TIMEZONE).slice(0, 16)}:00`)}`;
  const values = (series: GraphSeries) => series.data.map((point) => point[1]);

  function expectBothSeries(graphs: { numeric: GraphSeries; bool: GraphSeries }): void {
    expect(values(graphs.numeric)).not.toContain(null);
    // Hourly buckets: the extremes of the five minutes (the newest minute included).
    expect(Math.min(...(values(graphs.numeric) as number[]))).toBe(10);
    expect(Math.max(...(values(graphs.numeric) as number[]))).toBe(15);
    // The contact's open state, then its closed state as the last point.
    expect(values(graphs.bool)).toContain(0);
    expect(graphs.bool.data.at(-1)?.slice(1)).toEqual([1, false, 'OK']);
  }

  it.each([
    ['readings only (nothing rolled up yet)', () => firstMinute],
    ['1-minute roll-ups up to the newest minute (the 1-hour job has not run)', () => lastMinute],
  ])('historical ?timestamp= and ?timescale=month draw both series: %s', async (_name, minutesDone) => {
    await rolledUpUntil(minutesDone());
    expectBothSeries(await graphsOf(historical()));
    expectBothSeries(await graphsOf('?timescale=month'));
  });

  it('draws nothing after the timestamp: a moment before the contact closed shows it open', async () => {
    await rolledUpUntil(lastMinute);
    const before = formatWallClock(new Date(firstMinute + 2 * MINUTE), TIMEZONE).slice(0, 16);
    const graphs = await graphsOf(`?timestamp=${encodeURIComponent(`${before}:00`)}`);
    expect(new Set(values(graphs.bool))).toEqual(new Set([0]));
    expect(values(graphs.numeric).every((value) => value !== null && value <= 11)).toBe(true);
  });
});
