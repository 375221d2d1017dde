import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { intArray } from '../../db/sql-arrays';
import { deviceEdgeStates } from '../../db/tables/edge-states.table';

export type EdgeStateWrite = { deviceId: number; version: number; codes: Record<string, number>; at: Date };

/**
 * The stored version of each device's edge state (devices without a row are absent). Read by every ingest batch:
 * one statement of one array parameter, not a built list of ids.
 */
export async function findEdgeVersions(
  db: Database,
  deviceIds: readonly number[],
): Promise<Map<number, number>> {
  if (deviceIds.length === 0) {
    return new Map();
  }
  const result = (await db.execute(
    sql`select device_id, version::float8 as version from device_edge_states where device_id = any(${intArray(deviceIds)})`,
  )) as unknown as { rows: Array<{ device_id: number; version: number }> };
  return new Map(result.rows.map((row) => [row.device_id, row.version]));
}

/** The stored codes of each device's edge state. */
export async function findEdgeCodes(
  db: Database,
  deviceIds: readonly number[],
): Promise<Map<number, Record<string, number>>> {
  if (deviceIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ deviceId: deviceEdgeStates.deviceId, codes: deviceEdgeStates.codes })
    .from(deviceEdgeStates)
    .where(inArray(deviceEdgeStates.deviceId, [...deviceIds]));
  return new Map(rows.map((row) => [row.deviceId, row.codes]));
}

/** Writes each device's new edge state (sorted by device, so two instances lock rows in the same order). */
export async function saveEdgeStates(db: Database, states: readonly EdgeStateWrite[]): Promise<void> {
  if (states.length === 0) {
    return;
  }
  const rows = [...states]
    .sort((a, b) => a.deviceId - b.deviceId)
    .map((state) => ({
      deviceId: state.deviceId,
      version: state.version,
      codes: state.codes,
      updatedAt: state.at,
    }));
  await db
    .insert(deviceEdgeStates)
    .values(rows)
    .onConflictDoUpdate({
      target: deviceEdgeStates.deviceId,
      set: {
        version: sql`excluded.version`,
        codes: sql`excluded.codes`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}
