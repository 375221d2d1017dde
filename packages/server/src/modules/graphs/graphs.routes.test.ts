import {
  type DeviceGraphs,
  GRAPH_LIMITS,
  type GraphPoint,
  type GraphSeries,
  SENSOR_STATE_TEXTS,
} from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type GraphHistory,
  ROLE_SENSORS,
  seedGraphHistory,
  withDisabledSensor,
} from '../../../test/fixtures/graphs';
import { postTree } from '../../../test/maintenance';
import { deviceWithTree, headerAt, type SettingsDevice } from '../../../test/sensor-settings';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { locations } from '../../db/tables/sites.table';
import { formatWallClock } from '../telemetry/zoned-time';

/** 30 days of 1-minute history of a 20-sensor device (0300) through every timescale (docs/graphs.md). */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TIMEZONE = 'America/Chicago';

describe('GET graphs/device/{id}/ over 30 days of history', () => {
  let t: TestApp;
  let d: SettingsDevice;
  let marks: GraphHistory;
  let authorization: string;
  const answers = new Map<string, DeviceGraphs>();

  beforeAll(async () => {
    t = await buildTestApp();
    d = await deviceWithTree(t.app, t.db, '0300');
    await t.db.update(locations).set({ timezone: TIMEZONE }).where(eq(locations.id, d.site.id));
    expect(await postTree(t.app, d.identity, withDisabledSensor(d.tree))).toBe(202);
    marks = await seedGraphHistory(t.db, d.device.id, d.tree);
    authorization = await headerAt(t.app, t.db, d.site, 'User');
  });
  afterAll(async () => t.close());

  async function graphsOf(query: string): Promise<DeviceGraphs> {
    const cached = answers.get(query);
    if (cached !== undefined) {
      return cached;
    }
    const response = await t.app.inject({
      url: `/api/v1/graphs/device/${d.device.id}/${query}`,
      headers: { authorization },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<DeviceGraphs>();
    answers.set(query, body);
    return body;
  }

  const seriesOf = (body: DeviceGraphs, path: string): GraphSeries => {
    const sensor = `${d.identity.udfId}.${path}`;
    const found = Object.values(body.graphs)
      .flatMap((graph) => graph.series)
      .find((series) => series.sensor === sensor);
    if (found === undefined) {
      throw new Error(`no series ${sensor}`);
    }
    return found;
  };
  const allSeries = (body: DeviceGraphs) => Object.values(body.graphs).flatMap((graph) => graph.series);
  const nulls = (series: GraphSeries) => series.data.filter((point) => point[1] === null);
  const within = (point: GraphPoint, from: number, to: number) => point[0] >= from && point[0] < to;

  it('answers the payload of M section 3, graphs keyed by dotted path in M section 9 order (day by default)', async () => {
    const body = await graphsOf('');
    const udf = d.identity.udfId;
    expect(body).toMatchObject({ device: d.device.id, device_name: d.device.title, device_type: '0300' });
    expect(Object.keys(body.graphs)).toEqual(
      ['system', 'speed', 'head', 'tail', 'tmp', 'plug', 'pull', 'exp1', 'exp2'].map(
        (group) => `${udf}.${group}`,
      ),
    );
    expect(body.graphs[`${udf}.tmp`]).toMatchObject({ units: '°F', value_label: 'Temperature (°F)' });
    expect(allSeries(body)).toHaveLength(20);
    expect(seriesOf(body, 'tmp.1')).toMatchObject({
      name: 'Temperature:Head Left Bearing',
      device_name: d.device.title,
      sensor_type: 'NUMERIC',
      value_label: '°F',
    });
    expect(seriesOf(body, 'head.1')).toMatchObject({ sensor_type: 'BOOL', value_label: 'Contact' });
    const [first] = seriesOf(body, 'tmp.1').data;
    expect(first).toEqual([expect.any(Number), expect.any(Number), false, 'OK']);
    const day = await graphsOf('?timescale=day');
    expect(Object.keys(day.graphs)).toEqual(Object.keys(body.graphs));
    expect(seriesOf(day, 'tmp.1').data.length).toBeGreaterThan(500);
  });

  it.each(['hour', 'day', 'week', 'month'])(
    'holds every series of %s to the point budget, oldest first',
    async (scale) => {
      const body = await graphsOf(`?timescale=${scale}`);
      const now = Date.now();
      for (const series of allSeries(body)) {
        expect(series.data.length).toBeLessThanOrEqual(GRAPH_LIMITS.pointBudget);
        for (let index = 1; index < series.data.length; index++) {
          expect((series.data[index] as GraphPoint)[0]).toBeGreaterThanOrEqual(
            (series.data[index - 1] as GraphPoint)[0],
          );
        }
      }
      const temperature = seriesOf(body, 'tmp.2').data;
      // Min and max per bucket of about 360 buckets.
      expect(temperature.length).toBeGreaterThan(500);
      expect(temperature[0]?.[0]).toBeGreaterThanOrEqual(now - GRAPH_LIMITS.historicalSpanMs * 5);
    },
  );

  it('keeps the one-minute alarm spike in the week and month graphs, in alarm', async () => {
    for (const scale of ['week', 'month']) {
      const spike = seriesOf(await graphsOf(`?timescale=${scale}`), ROLE_SENSORS.spike).data.filter(
        (point) => point[1] === 400,
      );
      expect(spike, scale).toHaveLength(1);
      expect(spike[0]?.[2]).toBe(true);
      expect(spike[0]?.[3]).toBe('Alarm');
      // Drawn inside its bucket (two hours wide for the month).
      expect(Math.abs((spike[0]?.[0] ?? 0) - marks.spikeAt)).toBeLessThan(2 * HOUR);
    }
  });

  it('keeps the two-minute BOOL pulse and its edges in the month graph', async () => {
    const data = seriesOf(await graphsOf('?timescale=month'), ROLE_SENSORS.pulse).data;
    const on = data.filter((point) => point[1] === 1);
    expect(on.length).toBeGreaterThanOrEqual(1);
    // BOOL series keep their edges only: first, last, each change and the point before it.
    expect(on.every((point) => point[2] && Math.abs(point[0] - marks.pulse.from) < 2 * HOUR)).toBe(true);
    expect(data.filter((point) => point[1] === 0).length).toBeGreaterThanOrEqual(2);
    expect(data.length).toBeLessThan(50);
  });

  it('marks the offline period as a gap of every series in the month graph', async () => {
    const body = await graphsOf('?timescale=month');
    for (const series of allSeries(body)) {
      const gap = nulls(series).filter((point) =>
        within(point, marks.offline.from - HOUR, marks.offline.to + HOUR),
      );
      expect(gap, series.sensor).toHaveLength(1);
      expect(gap[0]?.[3]).toBe(SENSOR_STATE_TEXTS.lostCommunication);
    }
  });

  it('labels lost communication, not scanned and disabled sensors (M section 2)', async () => {
    const body = await graphsOf('?timescale=week');
    // The seeded history only: the trees posted at the start carry whatever the simulator reports now.
    const lost = nulls(seriesOf(body, ROLE_SENSORS.lost)).filter((point) => point[0] < marks.rawFrom);
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.every((point) => point[0] >= marks.lostFrom)).toBe(true);
    expect(lost.map((point) => point[3])).toEqual(lost.map(() => SENSOR_STATE_TEXTS.lostCommunication));
    // Two days without a value: one null point, nothing drawn after it (until the tree posted at the start).
    const later = seriesOf(body, ROLE_SENSORS.lost).data.filter((point) => point[0] >= marks.lostFrom + HOUR);
    expect(later.filter((point) => point[0] < marks.rawFrom)).toEqual([]);

    const notScanned = nulls(seriesOf(body, ROLE_SENSORS.notScanned)).filter((point) =>
      within(point, marks.notScanned.from, marks.notScanned.to),
    );
    expect(notScanned.length).toBeGreaterThan(0);
    expect(notScanned.every((point) => point[3] === SENSOR_STATE_TEXTS.notScanned)).toBe(true);

    const disabled = seriesOf(body, ROLE_SENSORS.disabled).data;
    expect(disabled.at(-1)).toEqual([expect.any(Number), null, false, SENSOR_STATE_TEXTS.disabled]);
    // No values once disabled (but for the trees posted at the start, which end as 'Disabled').
    const since = disabled.filter((point) => point[0] >= marks.disabledFrom && point[0] < marks.rawFrom);
    expect(since.filter((point) => point[1] !== null)).toEqual([]);
  });

  it('reads the month from the 1-hour roll-ups and the hour from raw readings', async () => {
    const month = seriesOf(await graphsOf('?timescale=month'), 'speed.1').data;
    // Two-hour buckets (two 1-hour roll-ups each): a first point on the hour, a second on the half hour.
    expect(month.filter((point) => point[0] % (2 * HOUR) === 0).length).toBeGreaterThan(300);
    expect(month.filter((point) => point[0] % HOUR === HOUR / 2).length).toBeGreaterThan(300);
    const hour = seriesOf(await graphsOf('?timescale=hour'), 'speed.1').data;
    expect(hour[0]?.[0]).toBeGreaterThanOrEqual(Date.now() - HOUR - 60_000);
    expect(hour.some((point) => point[0] % 2_000 === 0 && point[0] % 60_000 !== 0)).toBe(true);
  });

  it("answers a historical graph: the week ending at the site's wall-clock time, 12-hour gaps only", async () => {
    const end = marks.offline.to + 2 * DAY;
    const timestamp = `${formatWallClock(new Date(end), TIMEZONE).slice(0, 16)}:00`;
    const body = await graphsOf(`?timestamp=${encodeURIComponent(timestamp)}`);
    const data = seriesOf(body, 'speed.2').data;
    const wallEnd = Math.floor(end / 60_000) * 60_000;
    expect(data[0]?.[0]).toBeGreaterThanOrEqual(wallEnd - GRAPH_LIMITS.historicalSpanMs - HOUR);
    expect(data.at(-1)?.[0]).toBeLessThanOrEqual(wallEnd);
    expect(data.at(-1)?.[0]).toBeGreaterThan(wallEnd - 2 * HOUR);
    // The 3-hour offline period is shorter than 12 h × 1.15: no gap point.
    expect(nulls(seriesOf(body, 'speed.2'))).toEqual([]);
    expect(data.length).toBeLessThanOrEqual(GRAPH_LIMITS.pointBudget);
  });

  it('answers a zoom link (?from=&to=) from the table its span calls for', async () => {
    // Two hours: 1-minute roll-ups (raw readings of 3 days ago are not seeded).
    const from = marks.spikeAt - HOUR;
    const body = await graphsOf(`?from=${from}&to=${from + 2 * HOUR}`);
    const data = seriesOf(body, ROLE_SENSORS.spike).data;
    expect(data.length).toBeGreaterThan(100);
    expect(data.every((point) => point[0] >= from && point[0] < from + 2 * HOUR)).toBe(true);
    expect(data).toContainEqual([marks.spikeAt, 400, true, 'Alarm']);
  });

  it('applies the sensor names of Step 4 to the series', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/devices/${d.device.id}/settings/sensor-names`,
      headers: { authorization: await headerAt(t.app, t.db, d.site, 'Manager') },
      payload: { sensor_names: { [`${d.identity.udfId}.tmp.3`]: 'Boot Bearing' } },
    });
    expect(response.statusCode, response.body).toBe(201);
    answers.delete('?timescale=hour');
    expect(seriesOf(await graphsOf('?timescale=hour'), 'tmp.3').name).toBe('Temperature:Boot Bearing');
  });
});
