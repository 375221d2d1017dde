import { DEVICE_MESSAGES, type Device, type DeviceCreate, type DeviceUpdate } from '@vigil/contracts';
import { assertCanEditSite, getSiteAccess, isStaffUser } from '../../access/access';
import { historyVisibleSince } from '../../access/device-history';
import type { Database } from '../../db/database';
import type { DeviceRow, NewDeviceRow } from '../../db/tables/devices.table';
import type { HardwareUnitRow } from '../../db/tables/hardware.table';
import type { UserRow } from '../../db/tables/users.table';
import { uniqueViolationOf } from '../../db/unique-violation';
import { AppError, notFound } from '../../errors';
import { changedFields } from '../../events/audit-values';
import type { DomainEventPublisher } from '../../events/domain-events';
import type { ControlPublisher } from '../../realtime/control-events';
import * as hardwareRepo from '../hardware/hardware.repo';
import * as usersRepo from '../users/users.repo';
import { assertCanAddDeviceAt } from './device-access';
import { deviceAuditValues } from './device-audit';
import * as ownershipsRepo from './device-ownerships.repo';
import { toDeviceJson } from './device-view';
import * as devicesRepo from './devices.repo';
import { type BindingInput, bindableUnit, notValidSerialOrCode } from './hardware-binding';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = {
  devices: devicesRepo,
  ownerships: ownershipsRepo,
  hardware: hardwareRepo,
  users: usersRepo,
};
export type DevicesRepositories = typeof REPOSITORIES;
export type DevicesDeps = {
  db: Database;
  /** Control events to every instance: a device's live feed re-checks access when it changes. */
  bus: ControlPublisher;
  events: DomainEventPublisher;
  repos?: DevicesRepositories;
};

/** A unique violation on the unit means another device took it meanwhile: the same 400 as a used unit. */
async function bindingSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationOf(error) !== undefined) {
      throw notValidSerialOrCode();
    }
    throw error;
  }
}

function changesUnit(row: DeviceRow, input: DeviceUpdate): boolean {
  return (
    (input.serial_number !== undefined && input.serial_number !== row.serialNumber) ||
    (input.code !== undefined && input.code !== row.code) ||
    (input.device_type !== undefined && input.device_type !== row.deviceType) ||
    (input.udf_id !== undefined && input.udf_id !== row.udfId)
  );
}

/** Devices (M section 2): details, binding to a hardware unit, suspension and the user's current device. */
export class DevicesService {
  private readonly repos: DevicesRepositories;

  constructor(private readonly deps: DevicesDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** One device the user may see; 404 otherwise. */
  async get(user: UserRow, id: number): Promise<Device> {
    const { row, access } = await this.visibleDevice(user, id);
    return toDeviceJson(row, access.canEdit, await historyVisibleSince(this.deps.db, user, row.id));
  }

  /** POST devices/: binds a provisioned, unused hardware unit to a new device at a site. */
  async create(user: UserRow, input: DeviceCreate): Promise<Device> {
    const { db } = this.deps;
    const site = await assertCanAddDeviceAt(db, user, input.location);
    const unit = await this.bindableUnit({
      serialNumber: input.serial_number,
      code: input.code,
      deviceType: input.device_type,
      udfId: input.udf_id,
    });
    const row = await bindingSafe(() =>
      db.transaction(async (tx) => {
        const inserted = await this.repos.devices.insertDevice(tx, {
          locationId: input.location,
          hardwareUnitId: unit.id,
          title: input.title,
          serialNumber: unit.serialNumber,
          code: unit.code,
          deviceType: unit.deviceType,
          udfId: unit.udfId,
          ipAddress: input.ip_address,
        });
        await this.repos.ownerships.startOwnership(tx, inserted.id, site.clientId, inserted.dateCreated);
        await this.recordChange(tx, user, 'device.created', inserted, null, deviceAuditValues(inserted));
        return inserted;
      }),
    );
    await this.deps.events.publish(db, 'device-administered', { device: row, action: 'added', by: user });
    return toDeviceJson(row, true);
  }

  /** PATCH devices/{id}/: editors of the site; is_emulated_as only for super users and OEM. */
  async edit(user: UserRow, id: number, input: DeviceUpdate): Promise<Device> {
    const { db } = this.deps;
    const { row, access } = await this.visibleDevice(user, id);
    await assertCanEditSite(db, user, row.locationId);
    const emulation = input.is_emulated_as === undefined ? row.isEmulatedAs : input.is_emulated_as;
    if (emulation !== row.isEmulatedAs && !isStaffUser(user)) {
      throw new AppError('forbidden', DEVICE_MESSAGES.emulationStaffOnly);
    }
    // A move to another client's site starts a new ownership period: the new client sees only what follows.
    let newClientId: number | undefined;
    if (input.location !== undefined && input.location !== row.locationId) {
      const target = await assertCanAddDeviceAt(db, user, input.location);
      newClientId = target.clientId === access.clientId ? undefined : target.clientId;
    }
    const values: Partial<NewDeviceRow> = {
      title: input.title,
      ipAddress: input.ip_address,
      locationId: input.location,
      isEmulatedAs: emulation,
      ...(await this.unitValues(row, input)),
    };
    const updated = await bindingSafe(() =>
      db.transaction(async (tx) => {
        const changed = await this.repos.devices.updateDevice(tx, id, values);
        if (changed !== undefined && newClientId !== undefined) {
          await this.repos.ownerships.startOwnership(tx, id, newClientId, new Date());
        }
        const change = changed && changedFields(deviceAuditValues(row), deviceAuditValues(changed));
        if (changed !== undefined && change !== undefined) {
          await this.recordChange(tx, user, 'device.changed', changed, change.before, change.after);
        }
        return changed;
      }),
    );
    if (updated === undefined) {
      throw notFound();
    }
    // Moved to another site or bound to another unit: the feed of its old udf_id re-checks.
    this.deps.bus.publishControl({ name: 'access-changed', data: { udfId: row.udfId } });
    await this.deps.events.publish(db, 'device-administered', {
      device: updated,
      action: 'changed',
      by: user,
    });
    return toDeviceJson(updated, true);
  }

  /** DELETE devices/{id}/: editors of the site; the hardware unit becomes free again. */
  async remove(user: UserRow, id: number): Promise<void> {
    const row = await this.editableDevice(user, id);
    await this.deps.db.transaction(async (tx) => {
      await this.repos.devices.deleteDevice(tx, id);
      await this.recordChange(tx, user, 'device.removed', row, deviceAuditValues(row), null);
    });
    this.deps.bus.publishControl({ name: 'access-changed', data: { udfId: row.udfId } });
    await this.deps.events.publish(this.deps.db, 'device-administered', {
      device: row,
      action: 'removed',
      by: user,
    });
  }

  /**
   * POST devices/{id}/suspend/: toggles is_suspended (deactivate / reactivate). Every instance drops the
   * device from its directory and its live-feed sockets re-check before this returns here (elsewhere: at once).
   */
  async toggleSuspension(user: UserRow, id: number): Promise<Device> {
    await this.editableDevice(user, id);
    const row = await this.deps.db.transaction(async (tx) => {
      const toggled = await this.repos.devices.toggleDeviceSuspended(tx, id);
      if (toggled !== undefined) {
        const [was, is] = [{ is_suspended: !toggled.isSuspended }, { is_suspended: toggled.isSuspended }];
        await this.recordChange(tx, user, 'device.changed', toggled, was, is);
      }
      return toggled;
    });
    if (row === undefined) {
      throw notFound();
    }
    this.deps.bus.publishControl({ name: 'access-changed', data: { udfId: row.udfId } });
    await this.deps.events.publish(this.deps.db, 'device-administered', {
      device: row,
      action: row.isSuspended ? 'suspended' : 'reactivated',
      by: user,
    });
    return toDeviceJson(row, true);
  }

  /** The audit trail's record of a change of the device (docs/audit.md), in the change's transaction. */
  private recordChange(
    tx: Database,
    user: UserRow,
    kind: 'device.created' | 'device.changed' | 'device.removed',
    device: DeviceRow,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): Promise<void> {
    return this.deps.events.publish(tx, 'change-recorded', {
      kind,
      by: user,
      subject: { type: 'device', id: device.id, label: device.title },
      siteId: device.locationId,
      clientId: null,
      before,
      after,
    });
  }

  /** POST devices/{id}/select/: makes the device, its site and its client the user's current ones. */
  async select(user: UserRow, id: number): Promise<Device> {
    const { row, access } = await this.visibleDevice(user, id);
    await this.repos.users.updateUser(this.deps.db, user.id, {
      currentDeviceId: row.id,
      currentLocationId: row.locationId,
      currentClientId: access.clientId,
    });
    return toDeviceJson(row, access.canEdit, await historyVisibleSince(this.deps.db, user, row.id));
  }

  private async visibleDevice(user: UserRow, id: number) {
    const row = await this.repos.devices.getDeviceById(this.deps.db, id);
    if (row === undefined) {
      throw notFound();
    }
    return { row, access: await getSiteAccess(this.deps.db, user, row.locationId) };
  }

  private async editableDevice(user: UserRow, id: number): Promise<DeviceRow> {
    const { row } = await this.visibleDevice(user, id);
    await assertCanEditSite(this.deps.db, user, row.locationId);
    return row;
  }

  /** The provisioned, unused unit matching the credentials (hardware-binding.ts); 400 otherwise. */
  private async bindableUnit(input: BindingInput, deviceId?: number): Promise<HardwareUnitRow> {
    const unit = await this.repos.hardware.findHardwareUnitByCredentials(
      this.deps.db,
      input.serialNumber,
      input.code,
    );
    return bindableUnit(unit, input, deviceId);
  }

  private async unitValues(row: DeviceRow, input: DeviceUpdate): Promise<Partial<NewDeviceRow>> {
    if (!changesUnit(row, input)) {
      return {};
    }
    const serialNumber = input.serial_number ?? row.serialNumber;
    const code = input.code ?? row.code;
    const deviceType = input.device_type ?? row.deviceType;
    // A new serial number brings the new unit's udf_id, unless one was sent to be matched.
    const udfId = input.udf_id ?? (serialNumber === row.serialNumber ? row.udfId : undefined);
    const unit = await this.bindableUnit({ serialNumber, code, deviceType, udfId }, row.id);
    return {
      hardwareUnitId: unit.id,
      serialNumber: unit.serialNumber,
      code: unit.code,
      deviceType: unit.deviceType,
      udfId: unit.udfId,
    };
  }
}
