import { DEVICE_MESSAGES, type Device, type DeviceCreate, type DeviceUpdate } from '@vigil/contracts';
import { assertCanEditSite, getSiteAccess, isStaffUser } from '../../access/access';
import { historyVisibleSince } from '../../access/device-history';
import type { Database } from '../../db/database';
import type { DeviceRow, NewDeviceRow } from '../../db/tables/devices.table';
import type { UserRow } from '../../db/tables/users.table';
import { uniqueViolationOf } from '../../db/unique-violation';
import { AppError, notFound } from '../../errors';
import type { DomainEventPublisher } from '../../events/domain-events';
import type { ControlPublisher } from '../../realtime/control-events';
import { updateUser } from '../users/users.repo';
import { assertCanAddDeviceAt } from './device-access';
import { startOwnership } from './device-ownerships.repo';
import { toDeviceJson } from './device-view';
import {
  deleteDevice,
  getDeviceById,
  insertDevice,
  toggleDeviceSuspended,
  updateDevice,
} from './devices.repo';
import { findBindableUnit, notValidSerialOrCode } from './hardware-binding';

async function getVisibleDevice(db: Database, user: UserRow, id: number) {
  const row = await getDeviceById(db, id);
  if (row === undefined) {
    throw notFound();
  }
  return { row, access: await getSiteAccess(db, user, row.locationId) };
}

async function getEditableDevice(db: Database, user: UserRow, id: number): Promise<DeviceRow> {
  const { row } = await getVisibleDevice(db, user, id);
  await assertCanEditSite(db, user, row.locationId);
  return row;
}

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

/** One device the user may see; 404 otherwise. */
export async function getDevice(db: Database, user: UserRow, id: number): Promise<Device> {
  const { row, access } = await getVisibleDevice(db, user, id);
  return toDeviceJson(row, access.canEdit, await historyVisibleSince(db, user, row.id));
}

/** POST devices/: binds a provisioned, unused hardware unit to a new device at a site. */
export async function createDevice(
  db: Database,
  user: UserRow,
  input: DeviceCreate,
  events: DomainEventPublisher,
): Promise<Device> {
  const site = await assertCanAddDeviceAt(db, user, input.location);
  const unit = await findBindableUnit(db, {
    serialNumber: input.serial_number,
    code: input.code,
    deviceType: input.device_type,
    udfId: input.udf_id,
  });
  const row = await bindingSafe(() =>
    db.transaction(async (tx) => {
      const inserted = await insertDevice(tx, {
        locationId: input.location,
        hardwareUnitId: unit.id,
        title: input.title,
        serialNumber: unit.serialNumber,
        code: unit.code,
        deviceType: unit.deviceType,
        udfId: unit.udfId,
        ipAddress: input.ip_address,
      });
      await startOwnership(tx, inserted.id, site.clientId, inserted.dateCreated);
      return inserted;
    }),
  );
  await events.publish(db, 'device-administered', { device: row, action: 'added', by: user });
  return toDeviceJson(row, true);
}

function changesUnit(row: DeviceRow, input: DeviceUpdate): boolean {
  return (
    (input.serial_number !== undefined && input.serial_number !== row.serialNumber) ||
    (input.code !== undefined && input.code !== row.code) ||
    (input.device_type !== undefined && input.device_type !== row.deviceType) ||
    (input.udf_id !== undefined && input.udf_id !== row.udfId)
  );
}

async function unitValues(db: Database, row: DeviceRow, input: DeviceUpdate): Promise<Partial<NewDeviceRow>> {
  if (!changesUnit(row, input)) {
    return {};
  }
  const serialNumber = input.serial_number ?? row.serialNumber;
  const code = input.code ?? row.code;
  const deviceType = input.device_type ?? row.deviceType;
  // A new serial number brings the new unit's udf_id, unless one was sent to be matched.
  const udfId = input.udf_id ?? (serialNumber === row.serialNumber ? row.udfId : undefined);
  const unit = await findBindableUnit(db, { serialNumber, code, deviceType, udfId }, row.id);
  return {
    hardwareUnitId: unit.id,
    serialNumber: unit.serialNumber,
    code: unit.code,
    deviceType: unit.deviceType,
    udfId: unit.udfId,
  };
}

/** PATCH devices/{id}/: editors of the site; is_emulated_as only for super users and OEM. */
export async function editDevice(
  db: Database,
  user: UserRow,
  id: number,
  input: DeviceUpdate,
  signals: ControlPublisher,
  events: DomainEventPublisher,
): Promise<Device> {
  const { row, access } = await getVisibleDevice(db, user, id);
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
    ...(await unitValues(db, row, input)),
  };
  const updated = await bindingSafe(() =>
    db.transaction(async (tx) => {
      const changed = await updateDevice(tx, id, values);
      if (changed !== undefined && newClientId !== undefined) {
        await startOwnership(tx, id, newClientId, new Date());
      }
      return changed;
    }),
  );
  if (updated === undefined) {
    throw notFound();
  }
  // Moved to another site or bound to another unit: the feed of its old udf_id re-checks.
  signals.publishControl({ name: 'access-changed', data: { udfId: row.udfId } });
  await events.publish(db, 'device-administered', { device: updated, action: 'changed', by: user });
  return toDeviceJson(updated, true);
}

/** DELETE devices/{id}/: editors of the site; the hardware unit becomes free again. */
export async function removeDevice(
  db: Database,
  user: UserRow,
  id: number,
  signals: ControlPublisher,
  events: DomainEventPublisher,
): Promise<void> {
  const row = await getEditableDevice(db, user, id);
  await deleteDevice(db, id);
  signals.publishControl({ name: 'access-changed', data: { udfId: row.udfId } });
  await events.publish(db, 'device-administered', { device: row, action: 'removed', by: user });
}

/**
 * POST devices/{id}/suspend/: toggles is_suspended (deactivate / reactivate). Every instance drops the
 * device from its directory and its live-feed sockets re-check before this returns here (elsewhere: at once).
 */
export async function toggleDeviceSuspension(
  db: Database,
  user: UserRow,
  id: number,
  signals: ControlPublisher,
  events: DomainEventPublisher,
): Promise<Device> {
  await getEditableDevice(db, user, id);
  const row = await toggleDeviceSuspended(db, id);
  if (row === undefined) {
    throw notFound();
  }
  signals.publishControl({ name: 'access-changed', data: { udfId: row.udfId } });
  await events.publish(db, 'device-administered', {
    device: row,
    action: row.isSuspended ? 'suspended' : 'reactivated',
    by: user,
  });
  return toDeviceJson(row, true);
}

/** POST devices/{id}/select/: makes the device, its site and its client the user's current ones. */
export async function selectDevice(db: Database, user: UserRow, id: number): Promise<Device> {
  const { row, access } = await getVisibleDevice(db, user, id);
  await updateUser(db, user.id, {
    currentDeviceId: row.id,
    currentLocationId: row.locationId,
    currentClientId: access.clientId,
  });
  return toDeviceJson(row, access.canEdit, await historyVisibleSince(db, user, row.id));
}
