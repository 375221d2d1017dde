import {
  MAINTENANCE_EVENTS,
  MAINTENANCE_RUNNING_STATES,
  type MaintenanceEventType,
  type MaintenanceState,
} from '@vigil/contracts';
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database } from '../../db/database';
import {
  type MaintenanceRecordRow,
  type MaintenanceTestRow,
  maintenanceRecords,
  maintenanceTests,
  type NewMaintenanceTestRow,
} from '../../db/tables/maintenance.table';
import { users } from '../../db/tables/users.table';
import type { MaintenanceWindow } from './maintenance-windows';

/** Queries of maintenance tests and records. Every change of state is conditional on the state it leaves. */

export type MaintenanceTestView = MaintenanceTestRow & { engineer: string };
export type MaintenanceRecordView = MaintenanceRecordRow & { engineer: string };

const engineerName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}, '')`;

export async function findMaintenanceTest(
  db: Database,
  deviceId: number,
): Promise<MaintenanceTestView | undefined> {
  const [row] = await db
    .select({ test: maintenanceTests, engineer: engineerName })
    .from(maintenanceTests)
    .leftJoin(users, eq(users.id, maintenanceTests.engineerId))
    .where(eq(maintenanceTests.deviceId, deviceId));
  return row === undefined ? undefined : { ...row.test, engineer: row.engineer };
}

/** The tests whose sensor trees must watch: id, sensor and type of every running test. */
export async function findRunningTests(
  db: Database,
): Promise<Array<Pick<MaintenanceTestRow, 'deviceId' | 'sensorId' | 'deviceType' | 'state'>>> {
  return db
    .select({
      deviceId: maintenanceTests.deviceId,
      sensorId: maintenanceTests.sensorId,
      deviceType: maintenanceTests.deviceType,
      state: maintenanceTests.state,
    })
    .from(maintenanceTests)
    .where(inArray(maintenanceTests.state, [...MAINTENANCE_RUNNING_STATES]));
}

/** Starts a test and records the step; undefined when the device already has one (the primary key decides). */
export async function insertMaintenanceTest(
  db: Database,
  values: Omit<NewMaintenanceTestRow, 'testId' | 'state' | 'stateAt'>,
): Promise<{ test: MaintenanceTestRow; record: MaintenanceRecordRow } | undefined> {
  return db.transaction(async (tx) => {
    const [test] = await tx
      .insert(maintenanceTests)
      .values({ ...values, state: MAINTENANCE_EVENTS.expectAlarmOn, stateAt: values.startedAt })
      .onConflictDoNothing({ target: maintenanceTests.deviceId })
      .returning();
    if (test === undefined) {
      return undefined;
    }
    return { test, record: await insertRecordOf(tx, test, test.state, test.startedAt) };
  });
}

/**
 * Moves the device's test from `from` to `to` and records the step, in one transaction; undefined when the
 * test was not in `from` (another instance, or an earlier tree, made the move already).
 */
export async function advanceMaintenanceTest(
  db: Database,
  deviceId: number,
  move: { from: MaintenanceState; to: MaintenanceState; at: Date; sensorId?: string },
): Promise<MaintenanceTestRow | undefined> {
  return db.transaction(async (tx) => {
    const conditions = [eq(maintenanceTests.deviceId, deviceId), eq(maintenanceTests.state, move.from)];
    if (move.sensorId !== undefined) {
      conditions.push(eq(maintenanceTests.sensorId, move.sensorId));
    }
    const [test] = await tx
      .update(maintenanceTests)
      .set({ state: move.to, stateAt: move.at })
      .where(and(...conditions))
      .returning();
    if (test !== undefined) {
      await insertRecordOf(tx, test, move.to, move.at);
    }
    return test;
  });
}

/**
 * Fails every running test whose deadline passed (or only the device's), recording maintenance_failed once
 * each; with `lock`, an instance that finds another one sweeping skips its turn.
 */
export async function failOverdueTests(
  db: Database,
  at: Date,
  options: { lock?: boolean; deviceId?: number } = {},
): Promise<MaintenanceTestRow[]> {
  return db.transaction(async (tx) => {
    if (options.lock === true && !(await tryLockMaintenanceTimeouts(tx))) {
      return [];
    }
    const conditions = [
      inArray(maintenanceTests.state, [...MAINTENANCE_RUNNING_STATES]),
      lte(maintenanceTests.deadline, at),
    ];
    if (options.deviceId !== undefined) {
      conditions.push(eq(maintenanceTests.deviceId, options.deviceId));
    }
    const failed = await tx
      .update(maintenanceTests)
      .set({ state: MAINTENANCE_EVENTS.failed, stateAt: at })
      .where(and(...conditions))
      .returning();
    for (const test of failed) {
      await insertRecordOf(tx, test, MAINTENANCE_EVENTS.failed, at);
    }
    return failed;
  });
}

/**
 * Ends the device's test if it is in `state` (a cancel records maintenance_canceled with the comment; a close
 * puts the comment on the record of the step that finished the test); undefined when it was not.
 */
export async function endMaintenanceTest(
  db: Database,
  deviceId: number,
  end: { state: MaintenanceState; sensorId: string; comment: string; canceledAt?: Date },
): Promise<MaintenanceRecordRow | undefined> {
  return db.transaction(async (tx) => {
    const [test] = await tx
      .delete(maintenanceTests)
      .where(
        and(
          eq(maintenanceTests.deviceId, deviceId),
          eq(maintenanceTests.state, end.state),
          eq(maintenanceTests.sensorId, end.sensorId),
        ),
      )
      .returning();
    if (test === undefined) {
      return undefined;
    }
    if (end.canceledAt !== undefined) {
      return insertRecordOf(tx, test, MAINTENANCE_EVENTS.canceled, end.canceledAt, end.comment);
    }
    const [record] = await tx
      .update(maintenanceRecords)
      .set({ comment: end.comment })
      .where(and(eq(maintenanceRecords.testId, test.testId), eq(maintenanceRecords.eventType, end.state)))
      .returning();
    return record;
  });
}

/** The records of a device, oldest first. */
export async function findMaintenanceRecords(
  db: Database,
  deviceId: number,
): Promise<MaintenanceRecordView[]> {
  const rows = await db
    .select({ record: maintenanceRecords, engineer: engineerName })
    .from(maintenanceRecords)
    .leftJoin(users, eq(users.id, maintenanceRecords.engineerId))
    .where(eq(maintenanceRecords.deviceId, deviceId))
    .orderBy(asc(maintenanceRecords.id));
  return rows.map((row) => ({ ...row.record, engineer: row.engineer }));
}

/** The records of a device with `from` ≤ maintenance_time < `to`, newest first, at most `limit`. */
export async function findMaintenanceRecordsBetween(
  db: Database,
  deviceId: number,
  range: { from: Date; to: Date; limit: number },
): Promise<MaintenanceRecordRow[]> {
  return db
    .select()
    .from(maintenanceRecords)
    .where(
      and(
        eq(maintenanceRecords.deviceId, deviceId),
        gte(maintenanceRecords.maintenanceTime, range.from),
        lt(maintenanceRecords.maintenanceTime, range.to),
      ),
    )
    .orderBy(desc(maintenanceRecords.maintenanceTime), desc(maintenanceRecords.id))
    .limit(range.limit);
}

/** The steps that end a test. */
const ENDING_STEPS: MaintenanceEventType[] = [
  MAINTENANCE_EVENTS.succeeded,
  MAINTENANCE_EVENTS.failed,
  MAINTENANCE_EVENTS.canceled,
];

/**
 * The test windows of these devices that started between `from` − `lookbackMs` and `to` (a test lasts at most
 * its timeout), from their records: the start step, and the first step that ended the test, if any.
 */
export async function findTestWindows(
  db: Database,
  deviceIds: readonly number[],
  range: { from: Date; to: Date; lookbackMs: number },
): Promise<MaintenanceWindow[]> {
  if (deviceIds.length === 0) {
    return [];
  }
  const started = alias(maintenanceRecords, 'started');
  const ended = alias(maintenanceRecords, 'ended');
  return db
    .select({
      deviceId: started.deviceId,
      sensorId: started.sensorId,
      startedAt: started.maintenanceTime,
      endedAt: sql<Date | null>`min(${ended.maintenanceTime})`.mapWith(ended.maintenanceTime),
    })
    .from(started)
    .leftJoin(ended, and(eq(ended.testId, started.testId), inArray(ended.eventType, ENDING_STEPS)))
    .where(
      and(
        inArray(started.deviceId, [...deviceIds]),
        eq(started.eventType, MAINTENANCE_EVENTS.expectAlarmOn),
        gte(started.maintenanceTime, new Date(range.from.getTime() - range.lookbackMs)),
        lte(started.maintenanceTime, range.to),
      ),
    )
    .groupBy(started.id);
}

async function insertRecordOf(
  db: Database,
  test: MaintenanceTestRow,
  eventType: MaintenanceEventType,
  at: Date,
  comment?: string,
): Promise<MaintenanceRecordRow> {
  const [record] = await db
    .insert(maintenanceRecords)
    .values({
      testId: test.testId,
      deviceId: test.deviceId,
      sensorId: test.sensorId,
      sensorName: test.sensorName,
      groupName: test.groupName,
      eventType,
      maintenanceTime: at,
      comment,
      engineerId: test.engineerId,
    })
    .returning();
  return record as MaintenanceRecordRow;
}

async function tryLockMaintenanceTimeouts(tx: Database): Promise<boolean> {
  const result = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.maintenanceTimeouts}) as locked`,
  )) as unknown as { rows: Array<{ locked: boolean }> };
  return result.rows[0]?.locked === true;
}
