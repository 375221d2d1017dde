import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../db/database';
import type { NewSensorReadingRow } from '../../db/tables/sensor-readings.table';

/**
 * The node-postgres connection under a Drizzle transaction on PostgreSQL, or undefined on PGlite. Drizzle keeps
 * the pool client of a transaction in `session.client`; COPY needs that very connection to join the transaction.
 */
export function pgClientOf(db: Database): pg.ClientBase | undefined {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : undefined;
}

/** One line of COPY text format per reading (tab-separated, \N for null). */
export function readingsCopyText(rows: readonly NewSensorReadingRow[]): string {
  let text = '';
  // The rows of one message share one Date: format it once.
  let ts: Date | undefined;
  let iso = '';
  for (const row of rows) {
    if (row.ts !== ts) {
      ts = row.ts;
      iso = ts.toISOString();
    }
    const value = row.value === null || row.value === undefined ? '\\N' : String(row.value);
    text += `${row.sensorKey}\t${iso}\t${value}\t${row.status}\t${row.inAlarm ? 't' : 'f'}\n`;
  }
  return text;
}

/** COPY sensor_readings FROM STDIN on `client`: several times faster than multi-row INSERTs (docs/performance.md). */
export async function copyReadings(
  client: pg.ClientBase,
  rows: readonly NewSensorReadingRow[],
): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  const copy = client.query(
    copyFrom('COPY sensor_readings (sensor_key, ts, value, status, in_alarm) FROM STDIN'),
  );
  await pipeline(Readable.from([readingsCopyText(rows)]), copy);
}
