import { MAINTENANCE_EVENTS, MAINTENANCE_OUTCOME_EVENTS, type MaintenanceOutcome } from '@vigil/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordedWhileOwnedSql } from '../../access/access.repo';
import type { Database } from '../../db/database';
import { deviceState } from '../../db/tables/device-state.table';
import { maintenanceRecords } from '../../db/tables/maintenance.table';
import { users } from '../../db/tables/users.table';

/**
 * Queries of proof-test coverage: the last successful maintenance test of each sensor, the last finished test
 * whatever its outcome, the latest trees.
 */

export type LastProofTest = {
  deviceId: number;
  sensorId: string;
  time: Date;
  engineer: string;
  comment: string;
};

const engineerName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}, '')`;

/**
 * The newest `maintanance_succeeded` record of every sensor of these devices (the step the server records when
 * it saw the alarm clear; its comment is the one given when the person closed the test); with
 * `ownedPeriodOnly`, only tests made since each device came to its current client.
 */
export async function findLastProofTests(
  db: Database,
  deviceIds: readonly number[],
  ownedPeriodOnly = false,
): Promise<LastProofTest[]> {
  if (deviceIds.length === 0) {
    return [];
  }
  return db
    .selectDistinctOn([maintenanceRecords.deviceId, maintenanceRecords.sensorId], {
      deviceId: maintenanceRecords.deviceId,
      sensorId: maintenanceRecords.sensorId,
      time: maintenanceRecords.maintenanceTime,
      engineer: engineerName,
      comment: maintenanceRecords.comment,
    })
    .from(maintenanceRecords)
    .leftJoin(users, eq(users.id, maintenanceRecords.engineerId))
    .where(
      and(
        inArray(maintenanceRecords.deviceId, [...deviceIds]),
        eq(maintenanceRecords.eventType, MAINTENANCE_EVENTS.succeeded),
        ownedPeriodOnly
          ? recordedWhileOwnedSql(maintenanceRecords.deviceId, maintenanceRecords.maintenanceTime)
          : undefined,
      ),
    )
    .orderBy(
      maintenanceRecords.deviceId,
      maintenanceRecords.sensorId,
      desc(maintenanceRecords.maintenanceTime),
    );
}

export type LastTestResult = LastProofTest & { eventType: MaintenanceOutcome };

/**
 * The newest record that ended a test (succeeded, failed, canceled) of every sensor of these devices: the last
 * test whatever its outcome. A test has one such record (a close only fills in its comment), so the newest is
 * the last test's. Same index and ownership rule as `findLastProofTests`.
 */
export async function findLastTestResults(
  db: Database,
  deviceIds: readonly number[],
  ownedPeriodOnly = false,
): Promise<LastTestResult[]> {
  if (deviceIds.length === 0) {
    return [];
  }
  const rows = await db
    .selectDistinctOn([maintenanceRecords.deviceId, maintenanceRecords.sensorId], {
      deviceId: maintenanceRecords.deviceId,
      sensorId: maintenanceRecords.sensorId,
      eventType: maintenanceRecords.eventType,
      time: maintenanceRecords.maintenanceTime,
      engineer: engineerName,
      comment: maintenanceRecords.comment,
    })
    .from(maintenanceRecords)
    .leftJoin(users, eq(users.id, maintenanceRecords.engineerId))
    .where(
      and(
        inArray(maintenanceRecords.deviceId, [...deviceIds]),
        inArray(maintenanceRecords.eventType, [...MAINTENANCE_OUTCOME_EVENTS]),
        ownedPeriodOnly
          ? recordedWhileOwnedSql(maintenanceRecords.deviceId, maintenanceRecords.maintenanceTime)
          : undefined,
      ),
    )
    .orderBy(
      maintenanceRecords.deviceId,
      maintenanceRecords.sensorId,
      desc(maintenanceRecords.maintenanceTime),
      desc(maintenanceRecords.id),
    );
  return rows.map((row) => ({ ...row, eventType: row.eventType as MaintenanceOutcome }));
}

/** The stored latest tree of these devices (at most about 5 s behind the live one). */
export async function findStoredTrees(db: Database, deviceIds: readonly number[]) {
  if (deviceIds.length === 0) {
    return [];
  }
  return db
    .select({ deviceId: deviceState.deviceId, tree: deviceState.tree })
    .from(deviceState)
    .where(inArray(deviceState.deviceId, [...deviceIds]));
}
