import { Readable } from 'node:stream';
import { listSensors, SENSOR_STATUSES, type StateTree } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildSite, buildUser } from '../../../test/factories';
import { provisionTypedDevice } from '../../../test/maintenance';
import { treeOf, waitFor } from '../../../test/telemetry';
import { openTestDatabase } from '../../../test/test-database';
import type { Database, DatabaseHandle } from '../../db/database';
import type { DeviceRow } from '../../db/tables/devices.table';
import { type NewSensorReadingRow, sensorReadings } from '../../db/tables/sensor-readings.table';
import { sensorRollups1h, sensorRollups1m } from '../../db/tables/sensor-rollups.table';
import { sensors } from '../../db/tables/sensors.table';
import type { UserRow } from '../../db/tables/users.table';
import { applySensorNames, upsertSensorTypes } from '../sensor-settings/sensor-settings.repo';
import { saveRollupProgress } from '../telemetry/rollups.repo';
import { formatWallClock } from '../telemetry/zoned-time';
import { GraphExportService } from './graph-export.service';
import { type ExportReader, exportReaderOf } from './graph-export-pages';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = new Date('2026-07-01T12:20:40Z');
const TIME_ZONE = 'Europe/Berlin';
const OK = SENSOR_STATUSES.indexOf('OK');
const ALARM = SENSOR_STATUSES.indexOf('Alarm');

/** A counting reader over the real repo: every page read is recorded with how many rows it gave. */
function countingReader(db: Database) {
  const real = exportReaderOf(db);
  const pages: number[] = [];
  const reader: ExportReader = {
    ...real,
    page: async (...args) => {
      const rows = await real.page(...args);
      pages.push(rows.length);
      return rows;
    },
  };
  return { reader, pages };
}

/** The CSV's data lines (header and BOM left out). */
async function linesOf(chunks: AsyncIterable<string>): Promise<string[]> {
  let text = '';
  for await (const chunk of chunks) {
    text += chunk;
  }
  return text.split('\r\n').slice(1, -1);
}

function rollup(sensorKey: number, bucket: number, value: number) {
  return {
    sensorKey,
    bucket: new Date(bucket),
    min: value - 1,
    max: value + 1,
    sum: value * 6,
    count: 6,
    last: value,
    samples: 6,
    worstStatus: value % 10 === 0 ? ALARM : OK,
    anyAlarm: value % 10 === 0,
  };
}

describe('graph export service (paging, tables, scaling)', () => {
  let database: DatabaseHandle;
  let db: Database;
  let device: DeviceRow;
  let user: UserRow;
  let tree: StateTree;
  let ntc1: string;
  let ntc2: string;
  const keys = new Map<string, number>();

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    const client = await buildClient(db);
    const site = await buildSite(db, client, { timezone: TIME_ZONE });
    ({ device } = await provisionTypedDevice(db, '0005', site));
    user = await buildUser(db, { roles: { isSuperuser: true } });
    tree = JSON.parse(treeOf(device)) as StateTree;
    ntc1 = `${device.udfId}.ntc.1`;
    ntc2 = `${device.udfId}.ntc.2`;
    const rows = await db
      .insert(sensors)
      .values(listSensors(tree).map((entry) => ({ deviceId: device.id, sensorId: entry.fullId })))
      .returning();
    for (const row of rows) {
      keys.set(row.sensorId, row.id);
    }
    const a = keys.get(ntc1) as number;
    const b = keys.get(ntc2) as number;
    // The last hour: a reading of ntc.1 every 5 minutes, three of them at one instant.
    const raw: NewSensorReadingRow[] = [];
    for (let ts = NOW.getTime() - 55 * MINUTE; ts < NOW.getTime(); ts += 5 * MINUTE) {
      raw.push({ sensorKey: a, ts: new Date(ts), value: ts % 7, status: OK, inAlarm: false });
    }
    const shared = new Date(NOW.getTime() - 32 * MINUTE + 1);
    raw.push(
      { sensorKey: a, ts: shared, value: 1, status: OK, inAlarm: false },
      { sensorKey: a, ts: shared, value: 2, status: OK, inAlarm: false },
      { sensorKey: a, ts: shared, value: null, status: SENSOR_STATUSES.indexOf('N/A'), inAlarm: false },
    );
    await db.insert(sensorReadings).values(raw);
    // A day of minutes for both (ntc.2 every 10th minute), a month of hours for ntc.1.
    const minuteStart = Math.floor((NOW.getTime() - DAY) / MINUTE) * MINUTE;
    const minutes = [];
    for (let i = 0; i < 24 * 60; i++) {
      minutes.push(rollup(a, minuteStart + i * MINUTE, i));
      if (i % 10 === 0) {
        minutes.push(rollup(b, minuteStart + i * MINUTE, i));
      }
    }
    for (let start = 0; start < minutes.length; start += 1000) {
      await db.insert(sensorRollups1m).values(minutes.slice(start, start + 1000));
    }
    const hourStart = Math.floor((NOW.getTime() - 30 * DAY) / HOUR) * HOUR;
    await db
      .insert(sensorRollups1h)
      .values(Array.from({ length: 30 * 24 }, (_, i) => rollup(a, hourStart + i * HOUR, i)));
    await saveRollupProgress(db, '1m', new Date(Math.floor(NOW.getTime() / MINUTE) * MINUTE));
    await saveRollupProgress(db, '1h', new Date(Math.floor(NOW.getTime() / HOUR) * HOUR));
  });
  afterAll(async () => database.close());

  const service = (reader: ExportReader, pageRows: number) =>
    new GraphExportService({ db, latestTree: async () => tree, now: () => NOW, reader, pageRows });

  it('streams a graph key page by page: every series of the graph, each oldest first, no row twice', async () => {
    const { reader, pages } = countingReader(db);
    const file = await service(reader, 100).exportCsv(user, device.id, {
      current_chart_type: 'day',
      sensor_id: `${device.udfId}.ntc`,
    });
    expect(file.fileName).toBe(`device_${device.id}_sensor_${device.udfId}.ntc_day_2026-07-01_12-20-40.csv`);
    const lines = await linesOf(file.chunks);
    const ofA = lines.filter((line) => line.split(',')[1] === ntc1);
    const ofB = lines.filter((line) => line.split(',')[1] === ntc2);
    // Buckets starting in [now − 24 h, now): the first minute of the seeded day is floored in.
    expect(ofA).toHaveLength(24 * 60);
    expect(ofB).toHaveLength(24 * 6);
    expect(lines.length).toBe(ofA.length + ofB.length);
    // Graph order: ntc.1's rows, then ntc.2's; each by time.
    expect(lines.indexOf(ofB[0] as string)).toBe(ofA.length);
    const times = ofA.map((line) => line.split(',')[0] as string);
    expect([...times].sort()).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
    // Pages of 100: 15 of ntc.1 (the last one short), 2 of ntc.2, an empty one each for ntc.3 and ntc.4.
    expect(pages).toEqual([...Array(14).fill(100), 40, 100, 44, 0, 0]);
    // The first bucket in the site's time: 12:20 UTC is 14:20 in Berlin (summer time).
    expect(ofA[0]).toBe(`2026-06-30 14:20:00,${ntc1},NTC:NTC 1,0,-1,1,Alarm,Yes`);
    expect(ofA[1]).toBe(`2026-06-30 14:21:00,${ntc1},NTC:NTC 1,1,0,2,OK,No`);
  });

  it('reads a page only when the stream wants one (backpressure), so memory holds about one page', async () => {
    const { reader, pages } = countingReader(db);
    const file = await service(reader, 50).exportCsv(user, device.id, {
      current_chart_type: 'week',
      sensor_id: ntc1,
    });
    const stream = Readable.from(file.chunks, { objectMode: false, highWaterMark: 1 });
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next(); // the header
    await iterator.next(); // the first page
    // The stream refills its buffer after each read and asks for nothing more once it holds its high-water
    // mark: from then on nobody reads on, so the pages read by then are all it reads until someone does.
    await waitFor(() => stream.readableLength >= stream.readableHighWaterMark);
    // At most the page after the one read is prepared.
    expect(pages.length).toBeLessThanOrEqual(2);
    let chunks = 2;
    while (!(await iterator.next()).done) {
      chunks += 1;
    }
    // 1,440 minutes in pages of 50: 29 pages read, each one chunk of the CSV.
    expect(pages).toHaveLength(29);
    expect(chunks).toBe(1 + 29);
  });

  it('exports the hour from raw readings, every reading once, even those sharing a receive time', async () => {
    const { reader, pages } = countingReader(db);
    const file = await service(reader, 2).exportCsv(user, device.id, {
      current_chart_type: 'hour',
      sensor_id: ntc1,
    });
    const lines = await linesOf(file.chunks);
    expect(lines).toHaveLength(14);
    const shared = lines.filter((line) =>
      line.startsWith(formatWallClock(new Date(NOW.getTime() - 32 * MINUTE), TIME_ZONE)),
    );
    expect(shared.map((line) => line.split(',').slice(3).join(','))).toEqual([
      ',,,N/A,No',
      '1,,,OK,No',
      '2,,,OK,No',
    ]);
    expect(pages.length).toBe(8);
  });

  it('exports the month from 1-hour roll-ups, with the sensor types k/c and custom names of the graph', async () => {
    await upsertSensorTypes(db, device.id, [
      { sensorId: ntc1, value: { type: 'NUMERIC', unitId: 5, k: 2, c: 1 } },
    ]);
    await applySensorNames(db, device.id, [{ sensorId: ntc1, value: 'Inlet, head' }]);
    const file = await service(exportReaderOf(db), 5_000).exportCsv(user, device.id, {
      current_chart_type: 'month',
      sensor_id: '1',
    });
    const lines = await linesOf(file.chunks);
    const ofA = lines.filter((line) => line.includes(`,${ntc1},`));
    // 720 stored hours from the one the range starts in, then the open hour computed from its minutes.
    expect(ofA).toHaveLength(30 * 24 + 1);
    expect(ofA.at(-1)).toMatch(/^2026-07-01 14:00:00,/);
    // value 3 → 7, min 2 → 5, max 4 → 9; the name is quoted (it has a comma).
    expect(ofA[3]).toMatch(
      new RegExp(`^\\S+ \\S+,${ntc1.replaceAll('.', '\\.')},"NTC:Inlet, head",7,5,9,OK,No$`),
    );
    // '1' is the last segment of every group's sensor 1: other sensors 1 are exported too (without rows here).
    expect(file.fileName).toContain('_sensor_1_month_');
    await applySensorNames(db, device.id, [{ sensorId: ntc1, value: null }]);
    await upsertSensorTypes(db, device.id, [
      { sensorId: ntc1, value: { type: 'NUMERIC', unitId: null, k: 1, c: 0 } },
    ]);
  });
});
