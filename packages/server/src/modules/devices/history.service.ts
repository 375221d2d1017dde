import {
  type DeviceSensorGroups,
  HISTORY_MESSAGES,
  type HistoricalRecord,
  parseWallClock,
  type StateTree,
} from '@vigil/contracts';
import { getSiteAccess } from '../../access/access';
import { assertRecordedVisible, historyVisibleSince, visibleFrom } from '../../access/device-history';
import type { Database } from '../../db/database';
import type { Page } from '../../db/page';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, notFound } from '../../errors';
import { getLocationById } from '../sites/sites.repo';
import { deviceSensorGroupsOf } from '../telemetry/sensor-groups';
import { findDeviceState, findStateRecord, findStateRecords } from '../telemetry/telemetry.repo';
import { formatWallClock, instantOf } from '../telemetry/zoned-time';
import { getDeviceById } from './devices.repo';

/** The device, for a user with access to its site; 404 otherwise. */
async function accessibleDevice(db: Database, user: UserRow, id: number) {
  const device = await getDeviceById(db, id);
  if (device === undefined) {
    throw notFound();
  }
  await getSiteAccess(db, user, device.locationId);
  return device;
}

/**
 * The device, its site's timezone and the first instant of its history the user may read (device-history.ts),
 * for a user with access to the site; 404 otherwise.
 */
async function visibleDevice(db: Database, user: UserRow, id: number) {
  const device = await accessibleDevice(db, user, id);
  const site = await getLocationById(db, device.locationId);
  const since = await historyVisibleSince(db, user, device.id);
  return { device, timeZone: site?.timezone ?? 'UTC', since };
}

/** GET devices/{id}/sensors/: the groups of the latest stored tree (sensor-groups.ts); [] before the device sent one. */
export async function listDeviceSensorGroups(
  db: Database,
  user: UserRow,
  id: number,
): Promise<DeviceSensorGroups> {
  const device = await accessibleDevice(db, user, id);
  const state = await findDeviceState(db, device.id);
  return state === undefined ? [] : deviceSensorGroupsOf(state.tree, device.deviceType);
}

/** GET devices/{id}/historical/records/: records at and after a wall-clock time of the site, oldest first. */
export async function listHistoricalRecords(
  db: Database,
  user: UserRow,
  id: number,
  timestamp: string,
  page: Page,
): Promise<{ count: number; results: HistoricalRecord[] }> {
  const { device, timeZone, since } = await visibleDevice(db, user, id);
  const clock = parseWallClock(timestamp);
  if (clock === null) {
    // The query schema refuses such text already; this keeps the service safe on its own.
    throw AppError.validation({ timestamp: [HISTORY_MESSAGES.timestampInvalid] });
  }
  const from = visibleFrom(instantOf(clock, timeZone), since);
  const { count, rows } = await findStateRecords(db, device.id, from, page);
  return {
    count,
    results: rows.map((row) => ({
      timestamp: formatWallClock(row.ts, timeZone),
      status: row.status,
      record_id: row.id,
    })),
  };
}

/** GET devices/{id}/historical/records/{recordId}/: the stored tree; 404 for another device's record. */
export async function getHistoricalRecord(
  db: Database,
  user: UserRow,
  id: number,
  recordId: number,
): Promise<StateTree> {
  const { device, since } = await visibleDevice(db, user, id);
  const record = await findStateRecord(db, device.id, recordId);
  if (record === undefined) {
    throw notFound();
  }
  assertRecordedVisible(record.ts, since);
  return record.tree;
}
