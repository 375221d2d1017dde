import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { is } from 'drizzle-orm';
import { PgliteSession } from 'drizzle-orm/pglite';
import type { Database } from '../../db/database';
import type { PgliteQueryable } from '../../db/pglite-worker-client';
import type { NewSensorReadingRow } from '../../db/tables/sensor-readings.table';
import { readingsCopyText } from './readings-copy';

/** PGlite reads COPY input from the virtual file /dev/blob, given as the query's `blob` option. */
const COPY_READINGS_SQL = "COPY sensor_readings (sensor_key, ts, value, status, in_alarm) FROM '/dev/blob'";

type PgliteClient = PgliteQueryable | PGlite | Transaction;

/**
 * The PGlite client under a Drizzle database or transaction (the worker client, PGlite itself on the main
 * thread, or one of their transactions), or undefined on PostgreSQL.
 */
export function pgliteClientOf(db: Database): PgliteClient | undefined {
  const session: unknown = (db as unknown as { session?: unknown }).session;
  // Drizzle keeps the client private; every PGlite session has one.
  return is(session, PgliteSession) ? (session as unknown as { client: PgliteClient }).client : undefined;
}

/**
 * COPY sensor_readings FROM '/dev/blob' on PGlite: one statement whatever the row count, parsed by Postgres's
 * COPY reader instead of a built INSERT with five parameters per row.
 */
export async function copyReadingsPglite(
  client: PgliteClient,
  rows: readonly NewSensorReadingRow[],
): Promise<void> {
  if (rows.length > 0) {
    await copyReadingBytes(client, readingsCopyBytes(rows));
  }
}

/** The COPY text of `rows` (telemetry/readings-copy.ts), UTF-8 in a buffer of its own. */
export function readingsCopyBytes(rows: readonly NewSensorReadingRow[]): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(readingsCopyText(rows));
}

/** Loads COPY text into sensor_readings; through the worker client the bytes move to its thread, uncopied. */
export async function copyReadingBytes(
  client: PgliteClient,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<Results> {
  if ('copyFromBlob' in client) {
    return client.copyFromBlob(COPY_READINGS_SQL, bytes);
  }
  return client.query(COPY_READINGS_SQL, [], { blob: new Blob([bytes]) });
}
