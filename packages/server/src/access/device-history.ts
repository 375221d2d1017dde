import type { Database } from '../db/database';
import { notFound } from '../errors';
import { type Actor, isStaffUser } from './access';
import { findOwnedSince, findOwnedSinceOf } from './access.repo';

/**
 * Device history across owners (issue 23; docs/permissions.md 'Device history'): what a device recorded while it
 * belonged to another client is not its new client's. Staff (super user, OEM) read every period; everyone else
 * reads what the device recorded since it came to its current client.
 */

/**
 * The first instant of the device's history the user may read; undefined: all of it. With `siteClientId`, the
 * client of the site a row was recorded at: a row of an earlier client's site is that client's in full.
 */
export async function historyVisibleSince(
  db: Database,
  user: Actor,
  deviceId: number,
  siteClientId?: number,
): Promise<Date | undefined> {
  return isStaffUser(user) ? undefined : findOwnedSince(db, deviceId, siteClientId);
}

/** historyVisibleSince for many devices at once: a device left out is read in full. */
export async function historyVisibleSinceOf(
  db: Database,
  user: Actor,
  deviceIds: readonly number[],
): Promise<Map<number, Date>> {
  return isStaffUser(user) ? new Map() : findOwnedSinceOf(db, deviceIds);
}

/** `from` moved up to the visible bound. */
export function visibleFrom(from: Date, since: Date | undefined): Date {
  return since !== undefined && since > from ? since : from;
}

/** Whether something recorded at `at` lies within the visible bound. */
export function isRecordedVisible(at: Date, since: Date | undefined): boolean {
  return since === undefined || at >= since;
}

/** 404 (never confirmed to exist) for a record the user may not read. */
export function assertRecordedVisible(at: Date, since: Date | undefined): void {
  if (!isRecordedVisible(at, since)) {
    throw notFound();
  }
}

/** For queries over many devices (notifications): true when the rows must pass recordedWhileOwnedSql. */
export function readsOwnedPeriodOnly(user: Actor): boolean {
  return !isStaffUser(user);
}
