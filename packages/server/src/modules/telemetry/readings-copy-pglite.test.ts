import { asc, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase } from '../../db/database';
import { type NewSensorReadingRow, sensorReadings } from '../../db/tables/sensor-readings.table';
import { copyReadingBytes, pgliteClientOf, readingsCopyBytes } from './readings-copy-pglite';
import { insertSensorReadings } from './telemetry.repo';

function readingsOf(count: number, firstKey: number, ts: Date): NewSensorReadingRow[] {
  return Array.from({ length: count }, (_, index) => ({
    sensorKey: firstKey + index,
    ts,
    value: index * 0.25 - 3,
    status: index % 4,
    inAlarm: index % 7 === 0,
  }));
}

async function storedFrom(db: Database, firstKey: number) {
  return db
    .select()
    .from(sensorReadings)
    .where(gte(sensorReadings.sensorKey, firstKey))
    .orderBy(asc(sensorReadings.sensorKey), asc(sensorReadings.ts));
}

// PGlite's own COPY (FROM '/dev/blob'); PostgreSQL's COPY FROM STDIN is covered by telemetry-writer.repo.test.ts.
describe('readings COPY on PGlite, through the worker thread', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite-memory' });
    await database.migrate();
  });
  afterAll(async () => database.close());

  it('stores the rows it was given: values, NULLs, extremes, two timestamps', async () => {
    const first = new Date('2026-11-24T04:00:00.001Z');
    const second = new Date('2026-11-24T04:00:01.999Z');
    const extremes = [
      null,
      1.5e-7,
      -2.5,
      Number.MAX_VALUE,
      -Number.MIN_VALUE,
      Number.NaN,
      Infinity,
      0.1 + 0.2,
    ];
    const rows: NewSensorReadingRow[] = [
      ...extremes.map((value, index) => ({
        sensorKey: 1000 + index,
        ts: first,
        value,
        status: 3,
        inAlarm: true,
      })),
      ...readingsOf(6000, 2000, second),
    ];
    await insertSensorReadings(database.db, rows);
    const stored = await storedFrom(database.db, 1000);
    expect(stored).toHaveLength(rows.length);
    expect(stored.slice(0, extremes.length)).toEqual(rows.slice(0, extremes.length));
    expect(stored).toEqual(rows);
  });

  it('joins the caller’s transaction: a rollback leaves none of its rows', async () => {
    const failed = database.db.transaction(async (tx) => {
      await insertSensorReadings(tx, readingsOf(500, 50_000, new Date('2026-11-24T05:00:00Z')));
      // Inside, on the transaction (the outer handle would wait for it: one connection).
      expect(await storedFrom(tx, 50_000)).toHaveLength(500);
      throw new Error('abandon the batch');
    });
    await expect(failed).rejects.toThrow('abandon the batch');
    expect(await storedFrom(database.db, 50_000)).toHaveLength(0);
  });

  it('keeps the event loop ticking while the worker loads a large COPY', async () => {
    const client = pgliteClientOf(database.db);
    if (client === undefined) {
      throw new Error('expected a PGlite database');
    }
    const bytes = readingsCopyBytes(readingsOf(200_000, 100_000, new Date('2026-11-24T06:00:00Z')));
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 5);
    const started = performance.now();
    await copyReadingBytes(client, bytes);
    const ended = performance.now();
    clearInterval(timer);
    const gaps = [started, ...ticks, ended]
      .slice(1)
      .map((at, index, all) => at - (all[index - 1] ?? started));
    const writeMs = ended - started;
    const maxGapMs = Math.max(...gaps);
    // On the server's thread this write would be one gap as long as the write itself.
    expect(ticks.length).toBeGreaterThan(10);
    expect(maxGapMs).toBeLessThan(writeMs / 4);
    expect(await database.db.$count(sensorReadings, gte(sensorReadings.sensorKey, 100_000))).toBe(200_000);
  });
});

describe('readings COPY on PGlite on the server thread (PGLITE_THREAD=main)', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite-memory', thread: 'main' });
    await database.migrate();
  });
  afterAll(async () => database.close());

  it('stores the rows through PGlite’s blob option', async () => {
    const rows = readingsOf(3000, 7000, new Date('2026-11-24T04:30:00.500Z'));
    rows[5] = { ...rows[5], sensorKey: 7005, value: null } as NewSensorReadingRow;
    await database.db.transaction(async (tx) => insertSensorReadings(tx, rows));
    expect(await storedFrom(database.db, 7000)).toEqual(rows);
  });
});
