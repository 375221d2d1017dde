import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { devices } from '../../db/tables/devices.table';
import { graphArrangements } from '../../db/tables/graph-arrangement.table';
import type { ArrangementEntry } from './graph-arrangement';

/** The F500 panel's selection of one user for one device (graph_arrangements). */

const ofUserAndDevice = (userId: number, deviceId: number) =>
  and(eq(graphArrangements.userId, userId), eq(graphArrangements.deviceId, deviceId));

export async function findArrangement(
  db: Database,
  userId: number,
  deviceId: number,
): Promise<ArrangementEntry[]> {
  return db
    .select({ node: graphArrangements.node, sensor: graphArrangements.sensor })
    .from(graphArrangements)
    .where(ofUserAndDevice(userId, deviceId))
    .orderBy(asc(graphArrangements.node), asc(graphArrangements.sensor));
}

const keyOf = (entry: ArrangementEntry) => `${entry.node}\u0000${entry.sensor}`;

function sensorsByNode(entries: readonly ArrangementEntry[]): Map<number, string[]> {
  const byNode = new Map<number, string[]>();
  for (const entry of entries) {
    byNode.set(entry.node, [...(byNode.get(entry.node) ?? []), entry.sensor]);
  }
  return byNode;
}

/**
 * Reads the selection, asks `change` for the next one and stores the difference, in one transaction; calls
 * for one device take turns on its row, so two tabs of one person never interleave. `change` may throw (the
 * transaction is rolled back). Answers the stored selection, or undefined when the device is gone.
 */
export async function updateArrangement(
  db: Database,
  userId: number,
  deviceId: number,
  change: (current: ArrangementEntry[]) => ArrangementEntry[],
): Promise<ArrangementEntry[] | undefined> {
  return db.transaction(async (tx) => {
    const [device] = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.id, deviceId))
      .for('no key update');
    if (device === undefined) {
      return undefined;
    }
    const current = await findArrangement(tx, userId, deviceId);
    const next = change(current);
    const kept = new Set(next.map(keyOf));
    const known = new Set(current.map(keyOf));
    const removed = current.filter((entry) => !kept.has(keyOf(entry)));
    const added = next.filter((entry) => !known.has(keyOf(entry)));
    if (next.length === 0 && current.length > 0) {
      await tx.delete(graphArrangements).where(ofUserAndDevice(userId, deviceId));
    } else {
      for (const [node, sensors] of sensorsByNode(removed)) {
        await tx
          .delete(graphArrangements)
          .where(
            and(
              ofUserAndDevice(userId, deviceId),
              eq(graphArrangements.node, node),
              inArray(graphArrangements.sensor, sensors),
            ),
          );
      }
    }
    if (added.length > 0) {
      await tx
        .insert(graphArrangements)
        .values(added.map((entry) => ({ userId, deviceId, ...entry })))
        .onConflictDoNothing();
    }
    return findArrangement(tx, userId, deviceId);
  });
}
