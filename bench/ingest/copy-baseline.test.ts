import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireService } from '../../packages/server/test/services';
import { removeBaselineRows, runCopyBaseline } from './copy-baseline';

// Needs PostgreSQL (COPY FROM STDIN): TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db>. Without it the
// suite skips, and fails under CI=true.
const url = await requireService('postgres');
const schema = `bench_copy_${process.pid}`;
const T = Date.parse('2026-11-21T12:00:00Z');
const P = Date.parse('2026-11-21T13:00:00Z');

describe.skipIf(url === undefined)('runCopyBaseline', () => {
  const client = new pg.Client({ connectionString: url });

  beforeAll(async () => {
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(`SET search_path TO ${schema}`);
    // An identity column is left to the table, as the server would.
    await client.query(`CREATE TABLE sensor_readings (
      id bigint GENERATED ALWAYS AS IDENTITY, sensor_key int NOT NULL, ts timestamptz NOT NULL,
      value double precision, status smallint NOT NULL, in_alarm boolean NOT NULL)`);
    await client.query(
      `INSERT INTO sensor_readings (sensor_key, ts, value, status, in_alarm) VALUES
        (1, $1, 20.5, 0, false), (2, $1, NULL, 3, false), (3, $2, 1, 1, true), (4, $3, 9, 0, false)`,
      [new Date(T + 100), new Date(T + 600), new Date(T + 1500)],
    );
  });

  /** The baseline's rows: sensor, ms after P, and the other columns. */
  async function copied(): Promise<unknown[][]> {
    const { rows } = await client.query(
      `SELECT sensor_key, extract(epoch FROM ts) * 1000 - $1 AS at, value, status, in_alarm
         FROM sensor_readings WHERE ts >= $2 ORDER BY ts, sensor_key`,
      [P, new Date(P)],
    );
    return rows.map((row) => [row.sensor_key, Number(row.at), row.value, row.status, row.in_alarm]);
  }

  afterAll(async () => {
    await client.query(`DROP SCHEMA ${schema} CASCADE`);
    await client.end();
  });

  it('repeats up to templateRows stored rows of the window, whole seconds apart, every column as stored', async () => {
    const result = await runCopyBaseline(client, {
      templateFrom: new Date(T),
      templateTo: new Date(T + 2000),
      templateRows: 3,
      rows: 7,
      batchRows: 3,
      placeAt: new Date(P),
    });
    expect(result).toMatchObject({ rows: 7, batchRows: 3 });
    expect(result?.rowsPerSecond).toBeGreaterThan(0);
    // Read from /proc (Linux, as here): PostgreSQL's CPU per row while the baseline ran.
    expect(result?.postgresCpuMicrosPerRow).toBeGreaterThanOrEqual(0);
    expect(await copied()).toEqual([
      [1, 0, 20.5, 0, false],
      [2, 0, null, 3, false],
      [3, 500, 1, 1, true],
      [1, 1000, 20.5, 0, false],
      [2, 1000, null, 3, false],
      [3, 1500, 1, 1, true],
      [1, 2000, 20.5, 0, false],
    ]);
    await removeBaselineRows(client, new Date(P));
  });

  it('models on a window with a second that stored nothing (the span sets the stride)', async () => {
    // Rows at +100, +600 and +1500 ms: the second from +2000 to +3000 of the window is empty.
    const result = await runCopyBaseline(client, {
      templateFrom: new Date(T),
      templateTo: new Date(T + 3000),
      templateRows: 100,
      rows: 5,
      batchRows: 100,
      placeAt: new Date(P),
    });
    expect(result?.rows).toBe(5);
    expect((await copied()).map(([sensor, at]) => [sensor, at])).toEqual([
      [1, 0],
      [2, 0],
      [3, 500],
      [4, 1400],
      [1, 2000],
    ]);
    await removeBaselineRows(client, new Date(P));
  });

  it('answers null, not an error, when the window stored nothing', async () => {
    const plan = { templateFrom: new Date(T + 5000), templateTo: new Date(T + 9000), templateRows: 100 };
    expect(
      await runCopyBaseline(client, { ...plan, rows: 10, batchRows: 5, placeAt: new Date(P) }),
    ).toBeNull();
  });

  it('removes its rows and leaves the stored ones', async () => {
    await removeBaselineRows(client, new Date(P));
    const { rows } = await client.query('SELECT count(*)::int AS n FROM sensor_readings');
    expect(rows[0].n).toBe(4);
  });
});
