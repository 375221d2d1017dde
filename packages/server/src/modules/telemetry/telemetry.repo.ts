import type { StateTree } from '@vigil/contracts';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { insertChunks } from '../../db/insert-chunks';
import { arrayLiteral, intArray } from '../../db/sql-arrays';
import { deviceState } from '../../db/tables/device-state.table';
import { devices } from '../../db/tables/devices.table';
import { type NewSensorReadingRow, sensorReadings } from '../../db/tables/sensor-readings.table';
import { sensors } from '../../db/tables/sensors.table';
import { stateRecords } from '../../db/tables/state-records.table';
import { copyReadings, pgClientOf } from './readings-copy';
import { copyReadingsPglite, pgliteClientOf } from './readings-copy-pglite';

/** The latest tree of a device as the ingest batch writes it. */
export type DeviceStateWrite = {
  deviceId: number;
  tree: StateTree;
  receivedAt: Date;
  deviceTime: string | null;
};

/** A state record as the ingest batch writes it. */
export type StateRecordWrite = { deviceId: number; ts: Date; status: string; tree: StateTree };

/**
 * A tree as jsonb, serialised from the parsed tree: JSON.stringify writes only finite numbers (a number numeric
 * cannot hold, which a device's text could carry, is read as Infinity or 0 and written as null or 0), and the
 * ingest refuses the texts jsonb cannot hold (storable-message.ts).
 */
const treeJson = (tree: StateTree) => sql`${JSON.stringify(tree)}::jsonb`;
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * Upserts the latest tree of each device (one row per device in `states`): one statement built by hand, not
 * through the query builder, as every batch writes it.
 */
export async function upsertDeviceStates(db: Database, states: readonly DeviceStateWrite[]): Promise<void> {
  for (const chunk of insertChunks(states)) {
    const rows = chunk.map(
      (state) =>
        sql`(${state.deviceId}::int, ${treeJson(state.tree)}, ${instant(state.receivedAt)}, ${state.deviceTime}::text)`,
    );
    await db.execute(sql`
      insert into device_state (device_id, tree, received_at, device_time) values ${sql.join(rows, sql`, `)}
      on conflict (device_id) do update
        set tree = excluded.tree, received_at = excluded.received_at, device_time = excluded.device_time`);
  }
}

/** Inserts state records (the Historical list's snapshots). */
export async function insertStateRecords(db: Database, records: readonly StateRecordWrite[]): Promise<void> {
  for (const chunk of insertChunks(records)) {
    const rows = chunk.map(
      (record) =>
        sql`(${record.deviceId}::int, ${instant(record.ts)}, ${record.status}::text, ${treeJson(record.tree)})`,
    );
    await db.execute(
      sql`insert into state_records (device_id, ts, status, tree) values ${sql.join(rows, sql`, `)}`,
    );
  }
}

/**
 * Readings by COPY: on PostgreSQL FROM STDIN (`db` must then be a transaction, whose connection the COPY joins),
 * on PGlite FROM '/dev/blob' (telemetry/readings-copy-pglite.ts).
 */
export async function insertSensorReadings(
  db: Database,
  rows: readonly NewSensorReadingRow[],
): Promise<void> {
  const client = pgClientOf(db);
  if (client !== undefined) {
    await copyReadings(client, rows);
    return;
  }
  const pglite = pgliteClientOf(db);
  if (pglite !== undefined) {
    await copyReadingsPglite(pglite, rows);
    return;
  }
  for (const chunk of insertChunks(rows)) {
    await db.insert(sensorReadings).values(chunk);
  }
}

/** Finds or creates the sensors rows of `pairs`; returns their ids. */
export async function upsertSensors(
  db: Database,
  pairs: ReadonlyArray<{ deviceId: number; sensorId: string }>,
): Promise<Array<{ id: number; deviceId: number; sensorId: string }>> {
  const found: Array<{ id: number; deviceId: number; sensorId: string }> = [];
  for (const chunk of insertChunks(pairs)) {
    const rows = await db
      .insert(sensors)
      .values(chunk)
      // A no-op update, so that RETURNING also gives the rows that were already there.
      .onConflictDoUpdate({
        target: [sensors.deviceId, sensors.sensorId],
        set: { sensorId: sql`excluded.sensor_id` },
      })
      .returning({ id: sensors.id, deviceId: sensors.deviceId, sensorId: sensors.sensorId });
    found.push(...rows);
  }
  return found;
}

/**
 * Records message digests; returns the `device_id:digest(hex)` keys that were new (the others are redeliveries).
 * One statement over three arrays (unnest), whatever the batch's size: no parameter list of three per message.
 */
export async function insertMessageReceipts(
  db: Database,
  receipts: ReadonlyArray<{ deviceId: number; digest: Buffer; receivedAt: Date }>,
): Promise<Set<string>> {
  if (receipts.length === 0) {
    return new Set();
  }
  const ids = intArray(receipts.map((receipt) => receipt.deviceId));
  const digests = arrayLiteral(receipts.map((receipt) => receipt.digest.toString('hex')));
  const times = arrayLiteral(receipts.map((receipt) => receipt.receivedAt.toISOString()));
  const result = (await db.execute(sql`
    insert into message_receipts (device_id, digest, received_at)
    select device_id, decode(digest, 'hex'), received_at
    from unnest(${ids}, ${digests}::text[], ${times}::timestamptz[]) as r(device_id, digest, received_at)
    on conflict do nothing
    returning device_id, encode(digest, 'hex') as digest`)) as unknown as {
    rows: Array<{ device_id: number; digest: string }>;
  };
  return new Set(result.rows.map((row) => keyOfReceipt(row.device_id, row.digest)));
}

/** PGlite answers bytea as a Uint8Array, node-postgres as a Buffer: both hex-encode alike through Buffer.from. */
export function receiptKey(deviceId: number, digest: Uint8Array): string {
  return keyOfReceipt(deviceId, Buffer.from(digest).toString('hex'));
}

const keyOfReceipt = (deviceId: number, hexDigest: string) => `${deviceId}:${hexDigest}`;

/** The latest tree of every device, with its udf_id (ingest start-up). */
export async function findLatestStates(
  db: Database,
): Promise<Array<{ deviceId: number; udfId: string; tree: StateTree; receivedAt: Date }>> {
  return db
    .select({
      deviceId: devices.id,
      udfId: devices.udfId,
      tree: deviceState.tree,
      receivedAt: deviceState.receivedAt,
    })
    .from(deviceState)
    .innerJoin(devices, eq(devices.id, deviceState.deviceId));
}

export async function findDeviceState(db: Database, deviceId: number) {
  const [row] = await db.select().from(deviceState).where(eq(deviceState.deviceId, deviceId)).limit(1);
  return row;
}

/** One page of a device's records at and after `from`, oldest first, and their total count. */
export async function findStateRecords(
  db: Database,
  deviceId: number,
  from: Date,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: Array<{ id: number; ts: Date; status: string }> }> {
  const where = and(eq(stateRecords.deviceId, deviceId), gte(stateRecords.ts, from));
  const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(stateRecords).where(where);
  const rows = await db
    .select({ id: stateRecords.id, ts: stateRecords.ts, status: stateRecords.status })
    .from(stateRecords)
    .where(where)
    .orderBy(asc(stateRecords.ts), asc(stateRecords.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.count ?? 0, rows };
}

export async function findStateRecord(db: Database, deviceId: number, recordId: number) {
  const [row] = await db
    .select()
    .from(stateRecords)
    .where(and(eq(stateRecords.deviceId, deviceId), eq(stateRecords.id, recordId)))
    .limit(1);
  return row;
}

/** How many rows a statement changed; node-postgres says rowCount, PGlite affectedRows. */
function affectedRows(result: unknown): number {
  const { rowCount, affectedRows: count } = result as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? count ?? 0;
}

/** Deletes raw readings older than `cutoff`; returns how many. */
export async function deleteReadingsBefore(db: Database, cutoff: Date): Promise<number> {
  return affectedRows(await db.delete(sensorReadings).where(lt(sensorReadings.ts, cutoff)));
}

/** The unpartitioned tables whose old rows are deleted in chunks, with their time column. */
const CHUNKED_RETENTION = {
  state_records: 'ts',
  device_events: 'ts',
  message_receipts: 'received_at',
} as const;

/**
 * Deletes the rows of `table` older than `cutoff`, `chunk` rows per statement (short statements, so
 * retention never holds long locks); returns how many.
 */
export async function deleteRowsBefore(
  db: Database,
  table: keyof typeof CHUNKED_RETENTION,
  cutoff: Date,
  chunk: number,
): Promise<number> {
  // `table` and its column are constants, never input.
  const [name, column] = [sql.identifier(table), sql.identifier(CHUNKED_RETENTION[table])];
  let total = 0;
  for (;;) {
    const deleted = affectedRows(
      await db.execute(
        sql`delete from ${name} where ctid in (
              select ctid from ${name} where ${column} < ${cutoff.toISOString()} limit ${chunk})`,
      ),
    );
    total += deleted;
    if (deleted < chunk) {
      return total;
    }
  }
}
