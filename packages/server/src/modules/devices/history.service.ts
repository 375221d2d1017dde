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
import * as sitesRepo from '../sites/sites.repo';
import { deviceSensorGroupsOf } from '../telemetry/sensor-groups';
import * as telemetryRepo from '../telemetry/telemetry.repo';
import { formatWallClock, instantOf } from '../telemetry/zoned-time';
import * as devicesRepo from './devices.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { devices: devicesRepo, sites: sitesRepo, telemetry: telemetryRepo };
export type HistoryRepositories = typeof REPOSITORIES;
export type HistoryDeps = { db: Database; repos?: HistoryRepositories };

/** A device's sensor groups and historical records (state_records; docs/telemetry.md). */
export class HistoryService {
  private readonly repos: HistoryRepositories;

  constructor(private readonly deps: HistoryDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET devices/{id}/sensors/: the groups of the latest stored tree (sensor-groups.ts); [] before the device sent one. */
  async listSensorGroups(user: UserRow, id: number): Promise<DeviceSensorGroups> {
    const device = await this.accessibleDevice(user, id);
    const state = await this.repos.telemetry.findDeviceState(this.deps.db, device.id);
    return state === undefined ? [] : deviceSensorGroupsOf(state.tree, device.deviceType);
  }

  /** GET devices/{id}/historical/records/: records at and after a wall-clock time of the site, oldest first. */
  async listRecords(
    user: UserRow,
    id: number,
    timestamp: string,
    page: Page,
  ): Promise<{ count: number; results: HistoricalRecord[] }> {
    const { device, timeZone, since } = await this.visibleDevice(user, id);
    const clock = parseWallClock(timestamp);
    if (clock === null) {
      // The query schema refuses such text already; this keeps the service safe on its own.
      throw AppError.validation({ timestamp: [HISTORY_MESSAGES.timestampInvalid] });
    }
    const from = visibleFrom(instantOf(clock, timeZone), since);
    const { count, rows } = await this.repos.telemetry.findStateRecords(this.deps.db, device.id, from, page);
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
  async getRecord(user: UserRow, id: number, recordId: number): Promise<StateTree> {
    const { device, since } = await this.visibleDevice(user, id);
    const record = await this.repos.telemetry.findStateRecord(this.deps.db, device.id, recordId);
    if (record === undefined) {
      throw notFound();
    }
    assertRecordedVisible(record.ts, since);
    return record.tree;
  }

  /** The device, for a user with access to its site; 404 otherwise. */
  private async accessibleDevice(user: UserRow, id: number) {
    const device = await this.repos.devices.getDeviceById(this.deps.db, id);
    if (device === undefined) {
      throw notFound();
    }
    await getSiteAccess(this.deps.db, user, device.locationId);
    return device;
  }

  /**
   * The device, its site's timezone and the first instant of its history the user may read (device-history.ts),
   * for a user with access to the site; 404 otherwise.
   */
  private async visibleDevice(user: UserRow, id: number) {
    const device = await this.accessibleDevice(user, id);
    const site = await this.repos.sites.getLocationById(this.deps.db, device.locationId);
    const since = await historyVisibleSince(this.deps.db, user, device.id);
    return { device, timeZone: site?.timezone ?? 'UTC', since };
  }
}
