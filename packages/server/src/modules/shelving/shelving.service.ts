import {
  listSensors,
  SHELVING_MESSAGES,
  type Shelf,
  type ShelveBody,
  type ShelvedSensors,
} from '@vigil/contracts';
import { getSiteAccess } from '../../access/access';
import type { Database } from '../../db/database';
import type { SensorShelfRow } from '../../db/tables/shelving.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, notFound } from '../../errors';
import type { DomainEventPublisher } from '../../events/domain-events';
import * as devicesRepo from '../devices/devices.repo';
import type { LatestTreeReader } from '../ingest/latest-tree';
import { loadSensorNamer } from '../sensor-settings/sensor-display-name';
import * as sitesRepo from '../sites/sites.repo';
import { recordShelfChange } from './shelf-audit';
import { shelfEnd, siteLimitProblem } from './shelf-rules';
import * as shelvingRepo from './shelving.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { shelving: shelvingRepo, devices: devicesRepo, sites: sitesRepo };
export type ShelvingRepositories = typeof REPOSITORIES;

export type ShelvingDeps = {
  db: Database;
  /** 'sensor-shelved' / 'sensor-unshelved' go out in the transaction that changed the shelf. */
  events: DomainEventPublisher;
  repos?: ShelvingRepositories;
  /** The device's newest tree, for the name the device reports for the sensor (no configured name). */
  latestTree?: LatestTreeReader;
  now?: () => Date;
};

/** A change of a shelf: the row before and after (the audit trail's hook point, docs/shelving.md). */
export type ShelfChange = { before: SensorShelfRow | null; after: SensorShelfRow };

const fullName = (user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) =>
  [user.firstName, user.lastName].filter((part) => part).join(' ') || user.email;

/** A shelf as the calls answer it. */
export function toShelf(row: SensorShelfRow): Shelf {
  return {
    id: row.id,
    location: row.locationId,
    device: { id: row.deviceId, title: row.deviceTitle },
    sensor_id: row.sensorId,
    sensor_name: row.sensorName,
    reason: row.reason,
    shelved_at: row.shelvedAt.toISOString(),
    shelved_by: row.shelvedByName,
    until: row.until.toISOString(),
    active: row.unshelvedAt === null,
    unshelved_at: row.unshelvedAt?.toISOString() ?? null,
    unshelved_by: row.unshelvedByName,
    how: row.unshelveHow,
  };
}

/**
 * Shelving (issue 27, docs/shelving.md): every reader of a site lists its shelved sensors; its editors
 * (Engineer, Manager, the client's accounts management, staff) shelve a sensor with a reason and unshelve it.
 * Another tenant's site answers 404. Each change publishes a domain event with the shelf before and after.
 */
export class ShelvingService {
  private readonly repos: ShelvingRepositories;
  private readonly now: () => Date;

  constructor(private readonly deps: ShelvingDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
    this.now = deps.now ?? (() => new Date());
  }

  async list(actor: UserRow, siteId: number): Promise<ShelvedSensors> {
    const access = await getSiteAccess(this.deps.db, actor, siteId);
    const site = await this.repos.sites.getLocationById(this.deps.db, siteId);
    if (site === undefined) {
      throw notFound();
    }
    const rows = await this.repos.shelving.findActiveShelves(this.deps.db, siteId);
    return {
      location: siteId,
      timezone: site.timezone,
      can_edit: access.canEdit,
      count: rows.length,
      results: rows.map(toShelf),
    };
  }

  /**
   * Shelves the sensor until the end asked for. A sensor shelved already gets the new shelf: the old one ends
   * 'replaced' (so a shelf can be shortened or extended, and each keeps its own who and why).
   */
  async shelve(actor: UserRow, siteId: number, body: ShelveBody): Promise<ShelfChange> {
    await this.assertEditor(actor, siteId);
    const now = this.now();
    const end = shelfEnd(body, now);
    if ('problems' in end) {
      throw AppError.validation(end.problems);
    }
    const device = await this.repos.devices.getDeviceById(this.deps.db, body.device);
    if (device === undefined || device.locationId !== siteId) {
      throw AppError.validation({ device: [SHELVING_MESSAGES.deviceNotAtSite] });
    }
    const tree = await this.deps.latestTree?.(device);
    const reported =
      tree === undefined ? null : listSensors(tree).find((entry) => entry.fullId === body.sensor_id);
    const sensorName = (await loadSensorNamer(this.deps.db, [device.id]))(
      device,
      body.sensor_id,
      reported?.sensor.Name ?? null,
    );
    const by = { id: actor.id, name: fullName(actor) };
    return this.deps.db.transaction(async (tx) => {
      await this.repos.shelving.lockSite(tx, siteId);
      const before = await this.repos.shelving.lockActiveShelfOfSensor(tx, device.id, body.sensor_id);
      const limit = siteLimitProblem(
        await this.repos.shelving.countActiveShelves(tx, siteId),
        before !== undefined,
      );
      if (limit !== null) {
        throw AppError.validation({ non_field_errors: [limit] });
      }
      const replaced =
        before === undefined
          ? null
          : ((await this.repos.shelving.endShelf(tx, before.id, { at: now, by, how: 'replaced' })) ?? null);
      const after = await this.repos.shelving.insertShelf(tx, {
        locationId: siteId,
        deviceId: device.id,
        sensorId: body.sensor_id,
        sensorName,
        deviceTitle: device.title,
        reason: body.reason.trim(),
        shelvedAt: now,
        shelvedById: by.id,
        shelvedByName: by.name,
        until: end.until,
      });
      await this.deps.events.publish(tx, 'sensor-shelved', { before: replaced, after, by: actor });
      await recordShelfChange(this.deps.events, tx, {
        kind: 'sensor.shelved',
        by: actor,
        before: replaced,
        after,
      });
      return { before: replaced, after };
    });
  }

  /** Ends an active shelf by hand; 400 when it has ended already (expired, replaced or unshelved). */
  async unshelve(actor: UserRow, siteId: number, shelfId: number): Promise<ShelfChange> {
    await this.assertEditor(actor, siteId);
    return this.deps.db.transaction(async (tx) => {
      const before = await this.repos.shelving.lockShelf(tx, siteId, shelfId);
      if (before === undefined) {
        throw notFound();
      }
      const after =
        before.unshelvedAt === null
          ? await this.repos.shelving.endShelf(tx, before.id, {
              at: this.now(),
              by: { id: actor.id, name: fullName(actor) },
              how: 'by-hand',
            })
          : undefined;
      if (after === undefined) {
        throw AppError.validation({ non_field_errors: [SHELVING_MESSAGES.notActive] });
      }
      await this.deps.events.publish(tx, 'sensor-unshelved', { before, after, by: actor });
      await recordShelfChange(this.deps.events, tx, { kind: 'sensor.unshelved', by: actor, before, after });
      return { before, after };
    });
  }

  /** 404 for a site the actor does not see; 403 for a reader who is not an editor of it. */
  private async assertEditor(actor: UserRow, siteId: number): Promise<void> {
    const access = await getSiteAccess(this.deps.db, actor, siteId);
    if (!access.canEdit) {
      throw new AppError('forbidden', SHELVING_MESSAGES.noPermission);
    }
  }
}
