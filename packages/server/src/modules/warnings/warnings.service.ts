import {
  type Sensor,
  type StateTree,
  WARNINGS_MESSAGES,
  type Warning,
  type WarningsSave,
} from '@vigil/contracts';
import { getSiteAccess } from '../../access/access';
import type { Database } from '../../db/database';
import type { Page } from '../../db/page';
import type { DeviceRow } from '../../db/tables/devices.table';
import type { UserRow } from '../../db/tables/users.table';
import type { WarningRow } from '../../db/tables/warnings.table';
import { AppError, notFound } from '../../errors';
import type { DomainEventPublisher } from '../../events/domain-events';
import * as devicesRepo from '../devices/devices.repo';
import { loadSensorNamer } from '../sensor-settings/sensor-display-name';
import * as sitesRepo from '../sites/sites.repo';
import { findWarningSensor, sensorsById } from './warning-sensor';
import type { WarningValues } from './warnings.repo';
import * as warningsRepo from './warnings.repo';
import type { WarningsMonitor } from './warnings-monitor';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { warnings: warningsRepo, devices: devicesRepo, sites: sitesRepo };
export type WarningsRepositories = typeof REPOSITORIES;

export type WarningsDeps = {
  db: Database;
  repos?: WarningsRepositories;
  monitor: WarningsMonitor;
  /** The device's newest tree: this instance's memory or device_state, whichever is newer. */
  latestTree(device: DeviceRow): Promise<StateTree | undefined>;
  /** The audit trail hears each saved list (`change-recorded`, in the save's transaction). */
  events: DomainEventPublisher;
  now?: () => Date;
};

export type WarningsList = { count: number; results: Warning[] };

/** A device the user may see, with its site's title; 404 otherwise (foreign tenants included). */
type VisibleDevice = { device: DeviceRow; siteTitle: string; canEdit: boolean; user: UserRow };

/** A device's warnings as the audit trail shows them: per sensor, its conditions ('> 80 after 10 s'). */
export function warningsAuditValues(rows: readonly WarningRow[]): Record<string, string> {
  const bySensor: Record<string, string> = {};
  for (const row of [...rows].sort((a, b) => a.sensorId.localeCompare(b.sensorId) || a.value - b.value)) {
    const text = `${row.sign} ${row.value} after ${row.delaySeconds} s`;
    bySensor[row.sensorId] =
      bySensor[row.sensorId] === undefined ? text : `${bySensor[row.sensorId]}; ${text}`;
  }
  return bySensor;
}

/**
 * Warnings of a device (M sections 2, 3, 5 to 7; docs/warnings.md): everyone who sees the site reads them,
 * editors replace the whole list. The monitor evaluates them on every stored tree.
 */
export class WarningsService {
  private readonly now: () => Date;
  private readonly repos: WarningsRepositories;

  constructor(private readonly deps: WarningsDeps) {
    this.now = deps.now ?? (() => new Date());
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET settings/warnings/: one page, named and united from the latest tree. */
  async list(user: UserRow, deviceId: number, page: Page): Promise<WarningsList> {
    const visible = await this.visibleDevice(user, deviceId);
    const { count, rows } = await this.repos.warnings.findWarningsPage(this.deps.db, deviceId, page);
    return { count, results: await this.itemsOf(visible, rows) };
  }

  /** The device, when the user may edit its warnings: 404 when unseen, 403 with M section 6's text otherwise. */
  async editableDevice(user: UserRow, deviceId: number): Promise<VisibleDevice> {
    const visible = await this.visibleDevice(user, deviceId);
    if (!visible.canEdit) {
      throw new AppError('forbidden', WARNINGS_MESSAGES.noPermission);
    }
    return visible;
  }

  /**
   * POST settings/warnings/: every sensor must be in the latest tree; then the list replaces the stored one in
   * one transaction (unchanged warnings keep their id and state). Answers the whole new list.
   */
  async save(visible: VisibleDevice, list: WarningsSave): Promise<WarningsList> {
    const { device } = visible;
    const values = await this.resolveSensors(device, list);
    const rows = await this.repos.warnings.replaceWarnings(
      this.deps.db,
      device.id,
      values,
      this.now(),
      async (tx, before, after) => {
        const [was, is] = [warningsAuditValues(before), warningsAuditValues(after)];
        if (JSON.stringify(was) === JSON.stringify(is)) {
          return;
        }
        await this.deps.events.publish(tx, 'change-recorded', {
          kind: 'warning.changed',
          by: visible.user,
          subject: { type: 'device', id: device.id, label: device.title },
          siteId: device.locationId,
          clientId: null,
          before: was,
          after: is,
        });
      },
    );
    if (rows === undefined) {
      throw notFound();
    }
    await this.deps.monitor.reloadDevice(device.id);
    return { count: rows.length, results: await this.itemsOf(visible, rows) };
  }

  private async resolveSensors(device: DeviceRow, list: WarningsSave): Promise<WarningValues[]> {
    if (list.length === 0) {
      return [];
    }
    const tree = await this.deps.latestTree(device);
    if (tree === undefined) {
      throw AppError.validation({ sensor_id: [WARNINGS_MESSAGES.noState] });
    }
    return list.map((item) => {
      const lookup = findWarningSensor(tree, item.sensor_id);
      if (!lookup.ok) {
        throw AppError.validation({ sensor_id: [lookup.message] });
      }
      return {
        sensorId: lookup.found.fullId,
        sign: item.sign,
        value: item.value,
        delaySeconds: item.delay_seconds,
      };
    });
  }

  private async itemsOf(visible: VisibleDevice, rows: WarningRow[]): Promise<Warning[]> {
    if (rows.length === 0) {
      return [];
    }
    const tree = await this.deps.latestTree(visible.device);
    const sensors = tree === undefined ? new Map<string, Sensor>() : sensorsById(tree);
    const nameSensor = await loadSensorNamer(this.deps.db, [visible.device.id]);
    return rows.map((row) => {
      const sensor = sensors.get(row.sensorId);
      return {
        id: row.id,
        // The display name: configured or reported, with the F500 node (four nodes repeat every sensor name).
        name: nameSensor(visible.device, row.sensorId, sensor?.Name),
        sign: row.sign,
        value: row.value,
        unit: sensor?.Meta.Units ?? null,
        sensor_id: row.sensorId,
        delay_seconds: row.delaySeconds,
        device: { id: visible.device.id, title: visible.device.title },
        location: { id: visible.device.locationId, title: visible.siteTitle },
      };
    });
  }

  private async visibleDevice(user: UserRow, deviceId: number): Promise<VisibleDevice> {
    const device = await this.repos.devices.getDeviceById(this.deps.db, deviceId);
    if (device === undefined) {
      throw notFound();
    }
    const access = await getSiteAccess(this.deps.db, user, device.locationId);
    const site = await this.repos.sites.getLocationById(this.deps.db, device.locationId);
    return { device, siteTitle: site?.title ?? '', canEdit: access.canEdit, user };
  }
}
