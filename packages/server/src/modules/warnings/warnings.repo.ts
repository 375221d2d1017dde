import type { WarningEventDetail } from '@vigil/contracts';
import { and, asc, count, eq, inArray, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { NewDeviceEventRow } from '../../db/tables/device-events.table';
import { devices } from '../../db/tables/devices.table';
import { type WarningRow, warningStates, warnings } from '../../db/tables/warnings.table';
import { insertDeviceEvents } from '../telemetry/device-events.repo';
import type { WarningState, WarningStep } from './warning-evaluation';

/** Queries of warnings and their states. Every change of state is conditional on the state it leaves. */

/** A warning with its evaluation state, as the monitor keeps it. */
export type WatchedWarning = WarningRow & { state: WarningState };

/** A warning to store: the sensor resolved to its full dotted id. */
export type WarningValues = Pick<WarningRow, 'sensorId' | 'sign' | 'value' | 'delaySeconds'>;

const watchedColumns = {
  warning: warnings,
  active: warningStates.active,
  pendingSince: warningStates.pendingSince,
};

function watchedOf(row: { warning: WarningRow; active: boolean | null; pendingSince: Date | null }) {
  return { ...row.warning, state: { active: row.active ?? false, pendingSince: row.pendingSince } };
}

/** Warnings with their states, oldest first: of one device, or of every device (the monitor's reload). */
export async function findWatchedWarnings(db: Database, deviceId?: number): Promise<WatchedWarning[]> {
  const rows = await db
    .select(watchedColumns)
    .from(warnings)
    .leftJoin(warningStates, eq(warningStates.warningId, warnings.id))
    .where(deviceId === undefined ? undefined : eq(warnings.deviceId, deviceId))
    .orderBy(asc(warnings.id));
  return rows.map(watchedOf);
}

/** One page of a device's warnings, oldest first, and how many it has. */
export async function findWarningsPage(
  db: Database,
  deviceId: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: WarningRow[] }> {
  const [total] = await db.select({ value: count() }).from(warnings).where(eq(warnings.deviceId, deviceId));
  const rows = await db
    .select()
    .from(warnings)
    .where(eq(warnings.deviceId, deviceId))
    .orderBy(asc(warnings.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.value ?? 0, rows };
}

const keyOf = (w: WarningValues) => `${w.sensorId}\u0000${w.sign}\u0000${w.value}\u0000${w.delaySeconds}`;

/** What the tree said of the sensor when it crossed: the notification names it and gives the reading's unit. */
export type CrossedSensor = { units: string | null; name: string };

function detailOf(warning: WarningRow, reading: number | null, sensor?: CrossedSensor): WarningEventDetail {
  return {
    warning_id: warning.id,
    sign: warning.sign,
    value: warning.value,
    delay_seconds: warning.delaySeconds,
    reading,
    ...(sensor === undefined ? {} : { units: sensor.units, name: sensor.name }),
  };
}

function eventOf(
  warning: WarningRow,
  kind: 'warning_on' | 'warning_off',
  at: Date,
  detail: WarningEventDetail,
): NewDeviceEventRow {
  return { deviceId: warning.deviceId, ts: at, kind, sensorId: warning.sensorId, detail };
}

/**
 * Replaces the device's list in one transaction (saves of one device take turns on its row): a warning equal
 * to a stored one (sensor, sign, value, delay) keeps that row, its id and its state; the others are removed —
 * an active one with a warning_off event — and the new ones added idle. Undefined when the device is gone.
 */
export async function replaceWarnings(
  db: Database,
  deviceId: number,
  list: readonly WarningValues[],
  at: Date,
  /** Runs in the transaction with the list before and after (the audit trail's record). */
  onReplaced?: (tx: Database, before: readonly WarningRow[], after: readonly WarningRow[]) => Promise<void>,
): Promise<WarningRow[] | undefined> {
  return db.transaction(async (tx) => {
    const [device] = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.id, deviceId))
      .for('no key update');
    if (device === undefined) {
      return undefined;
    }
    const stored = await tx
      .select()
      .from(warnings)
      .where(eq(warnings.deviceId, deviceId))
      .orderBy(asc(warnings.id));
    const unused = new Map<string, WarningRow[]>();
    for (const row of stored) {
      unused.set(keyOf(row), [...(unused.get(keyOf(row)) ?? []), row]);
    }
    // Each item takes an equal stored row if one is left (kept); items that find none are added.
    const added = list.filter((item) => unused.get(keyOf(item))?.shift() === undefined);
    const removed = [...unused.values()].flat();
    await removeWarnings(tx, removed, at);
    if (added.length > 0) {
      const inserted = await tx
        .insert(warnings)
        .values(added.map((item) => ({ ...item, deviceId })))
        .returning({ id: warnings.id });
      await tx.insert(warningStates).values(inserted.map(({ id }) => ({ warningId: id, changedAt: at })));
    }
    const after = await tx
      .select()
      .from(warnings)
      .where(eq(warnings.deviceId, deviceId))
      .orderBy(asc(warnings.id));
    await onReplaced?.(tx, stored, after);
    return after;
  });
}

/** Deletes the warnings; the state row's delete answers its last state under its lock. */
async function removeWarnings(tx: Database, removed: readonly WarningRow[], at: Date): Promise<void> {
  if (removed.length === 0) {
    return;
  }
  const ids = removed.map((row) => row.id);
  const states = await tx
    .delete(warningStates)
    .where(inArray(warningStates.warningId, ids))
    .returning({ warningId: warningStates.warningId, active: warningStates.active });
  await tx.delete(warnings).where(inArray(warnings.id, ids));
  const active = new Set(states.filter((state) => state.active).map((state) => state.warningId));
  await insertDeviceEvents(
    tx,
    removed
      .filter((row) => active.has(row.id))
      .map((row) => eventOf(row, 'warning_off', at, { ...detailOf(row, null), removed: true })),
  );
}

/**
 * Applies a step of the warning seen in a tree received at `at`, if the stored state still allows it, with
 * its event in the same transaction. Answers the stored state afterwards (whether this call moved it or
 * another instance had), or undefined when the warning is gone.
 */
export async function applyWarningStep(
  db: Database,
  warning: WarningRow,
  step: Exclude<WarningStep, { kind: 'none' }>,
  at: Date,
  sensor?: CrossedSensor,
): Promise<WarningState | undefined> {
  const moved = await db.transaction(async (tx) => {
    const [state] = await tx
      .update(warningStates)
      .set(changeOf(step, at))
      .where(and(eq(warningStates.warningId, warning.id), conditionOf(warning, step, at)))
      .returning();
    if (state !== undefined && (step.kind === 'raise' || step.kind === 'clear')) {
      const kind = step.kind === 'raise' ? 'warning_on' : 'warning_off';
      await insertDeviceEvents(tx, [eventOf(warning, kind, at, detailOf(warning, step.reading, sensor))]);
    }
    return state;
  });
  if (moved !== undefined) {
    return { active: moved.active, pendingSince: moved.pendingSince };
  }
  const [current] = await db.select().from(warningStates).where(eq(warningStates.warningId, warning.id));
  return current === undefined ? undefined : { active: current.active, pendingSince: current.pendingSince };
}

function changeOf(step: Exclude<WarningStep, { kind: 'none' }>, at: Date) {
  switch (step.kind) {
    case 'pend':
      return { pendingSince: step.since };
    case 'unpend':
      return { pendingSince: null };
    case 'raise':
      return { active: true, pendingSince: null, changedAt: at };
    case 'clear':
      return { active: false, pendingSince: null, changedAt: at };
  }
}

/** The state a step leaves: idle to pend, pending to unpend, pending past the delay (or idle, delay 0) to raise. */
function conditionOf(
  warning: WarningRow,
  step: Exclude<WarningStep, { kind: 'none' }>,
  at: Date,
): SQL | undefined {
  const inactive = eq(warningStates.active, false);
  switch (step.kind) {
    case 'pend':
      return and(inactive, isNull(warningStates.pendingSince));
    case 'unpend':
      return and(inactive, isNotNull(warningStates.pendingSince));
    case 'raise':
      if (warning.delaySeconds === 0) {
        return inactive;
      }
      return and(
        inactive,
        lte(warningStates.pendingSince, new Date(at.getTime() - warning.delaySeconds * 1000)),
      );
    case 'clear':
      return eq(warningStates.active, true);
  }
}
