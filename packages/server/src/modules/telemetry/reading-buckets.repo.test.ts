import { and, asc, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSensors, provisionDevice } from '../../../test/telemetry';
import { openTestDatabase } from '../../../test/test-database';
import type { Database, DatabaseHandle } from '../../db/database';
import { sensorReadings } from '../../db/tables/sensor-readings.table';
import { inReadingBuckets } from './reading-buckets';
import { findRawPoints } from './series.repo';

const at = (iso: string) => new Date(`2026-07-01T${iso}Z`);

describe('readings index by 10-second bucket', () => {
  let database: DatabaseHandle;
  let db: Database;
  let key: number;
  let other: number;
  // Both sides of bucket edges (10:00:00, 10:00:10, 10:00:20) and of midnight.
  const times = [
    '2026-06-30T23:59:59.999Z',
    '2026-07-01T00:00:00.000Z',
    '2026-07-01T09:59:59.999Z',
    '2026-07-01T10:00:00.000Z',
    '2026-07-01T10:00:04.500Z',
    '2026-07-01T10:00:09.999Z',
    '2026-07-01T10:00:10.000Z',
    '2026-07-01T10:00:15.000Z',
    '2026-07-01T10:00:19.999Z',
    '2026-07-01T10:00:20.000Z',
    '2026-07-01T10:01:00.000Z',
  ].map((iso) => new Date(iso));

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    const { device } = await provisionDevice(db);
    [key, other] = (await insertSensors(db, device.id, ['Temperature.T1', 'Temperature.T2'])) as [
      number,
      number,
    ];
    await db.insert(sensorReadings).values(
      times.flatMap((ts, i) => [
        { sensorKey: key, ts, value: i, status: 0, inAlarm: false },
        { sensorKey: other, ts, value: -i, status: 0, inAlarm: false },
      ]),
    );
  });
  afterAll(async () => database.close());

  const ranges: Array<[string, Date, Date]> = [
    ['inside one bucket', at('10:00:04.500'), at('10:00:09.999')],
    ['across bucket edges, starting and ending mid-bucket', at('10:00:04.500'), at('10:00:19.999')],
    ['on the edges exactly', at('10:00:00'), at('10:00:20')],
    ['across midnight', new Date('2026-06-30T23:59:59.000Z'), at('00:00:00.001')],
    ['an hour', at('09:30:00'), at('10:30:00')],
    ['empty', at('10:00:11'), at('10:00:11')],
  ];

  it.each(ranges)('finds exactly the readings of the range: %s', async (_name, from, to) => {
    const expected = times.filter((ts) => ts >= from && ts < to).map((ts) => ts.getTime());
    const points = await findRawPoints(db, key, { from, to });
    expect(points.map((point) => point.ts.getTime())).toEqual(expected);
    const withBuckets = await db
      .select({ ts: sensorReadings.ts })
      .from(sensorReadings)
      .where(and(inReadingBuckets(from, to), gte(sensorReadings.ts, from), lt(sensorReadings.ts, to)))
      .orderBy(asc(sensorReadings.ts), asc(sensorReadings.sensorKey));
    expect(withBuckets.map((row) => row.ts.getTime())).toEqual(expected.flatMap((ms) => [ms, ms]));
  });

  it("a sensor's read descends the bucket index (the reads' expression is the index's)", async () => {
    const range = { from: at('10:00:00'), to: at('10:01:00') };
    const plan = await db.transaction(async (tx) => {
      // Few rows: without this the planner may rightly prefer a scan, which would prove nothing.
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = tx
        .select({ ts: sensorReadings.ts })
        .from(sensorReadings)
        .where(and(inReadingBuckets(range.from, range.to), sql`sensor_key = ${key}`))
        .toSQL();
      const explained = await tx.execute(sql.raw(`explain ${inline(query.sql, query.params)}`));
      return (explained as unknown as { rows: Array<Record<string, string>> }).rows
        .map((row) => Object.values(row)[0])
        .join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan using sensor_readings_\S*date_bin\S*/);
    expect(plan).toMatch(/Index Cond: \(+date_bin\(/);
  });
});

/** The query with its parameters written in (EXPLAIN takes no parameters on every driver). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_match, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}
