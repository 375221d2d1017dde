import type { Permission } from '@vigil/contracts';
import type { Database } from '../src/db/database';
import type { ClientRow } from '../src/db/tables/clients.table';
import type { DeviceRow, NewDeviceRow } from '../src/db/tables/devices.table';
import type { HardwareUnitRow, NewHardwareUnitRow } from '../src/db/tables/hardware.table';
import type { LocationRow } from '../src/db/tables/sites.table';
import type { UserRow } from '../src/db/tables/users.table';
import { insertClient } from '../src/modules/clients/clients.repo';
import { insertDevice } from '../src/modules/devices/devices.repo';
import { insertHardwareUnit } from '../src/modules/hardware/hardware.repo';
import { insertLocation } from '../src/modules/sites/sites.repo';
import { upsertMembership } from '../src/modules/users/memberships.repo';
import { updateUser } from '../src/modules/users/users.repo';
import { type CreateUserInput, UsersService } from '../src/modules/users/users.service';
import { linkUserToClient } from '../src/modules/users/users-clients.repo';

let sequence = 0;
function next(): number {
  sequence += 1;
  return sequence;
}

/** A password that passes every rule, shared by factory users. */
export const TEST_PASSWORD = 'Silo-Tower-93';

export async function buildUser(db: Database, overrides: Partial<CreateUserInput> = {}): Promise<UserRow> {
  const n = next();
  return new UsersService({ db }).create({
    email: `person${n}@example.test`,
    password: TEST_PASSWORD,
    fullName: `Person Number${n}`,
    ...overrides,
  });
}

export async function buildClient(db: Database, overrides: Partial<ClientRow> = {}): Promise<ClientRow> {
  const n = next();
  return insertClient(db, {
    number: 5000 + n,
    company: `Company ${n}`,
    address: `${n} Mill Lane`,
    phone: `+1 555 01${n}`,
    fullName: `Owner ${n}`,
    email: `owner${n}@example.test`,
    ...overrides,
  });
}

export async function buildSite(
  db: Database,
  client: ClientRow,
  overrides: Partial<LocationRow> = {},
): Promise<LocationRow> {
  const n = next();
  return insertLocation(db, {
    clientId: client.id,
    title: `Site ${n}`,
    address: `${n} Silo Road`,
    timezone: 'UTC',
    ...overrides,
  });
}

/**
 * Assigns a user to a client and gives them a permission on a site of that client; a user with the
 * accounts management flag becomes accounts management of that client.
 */
export async function assignToSite(
  db: Database,
  user: UserRow,
  site: LocationRow,
  permission: Permission = 'User',
) {
  await linkUserToClient(db, site.clientId, user.id, { asAdministrator: user.isAccountsManagement });
  await upsertMembership(db, { locationId: site.id, userId: user.id, permission });
}

/** A person of a client with that client chosen, optionally holding a permission on one of its sites. */
export async function buildClientUser(
  db: Database,
  client: ClientRow,
  options: { roles?: CreateUserInput['roles']; site?: LocationRow; permission?: Permission } = {},
): Promise<UserRow> {
  const user = await buildUser(db, { roles: options.roles });
  await linkUserToClient(db, client.id, user.id, { asAdministrator: user.isAccountsManagement });
  await updateUser(db, user.id, { currentClientId: client.id });
  if (options.site !== undefined) {
    await upsertMembership(db, {
      locationId: options.site.id,
      userId: user.id,
      permission: options.permission ?? 'User',
    });
  }
  return user;
}

/** A provisioned hardware unit with a unique serial number and udf_id (devices). */
export async function buildHardwareUnit(
  db: Database,
  overrides: Partial<NewHardwareUnitRow> = {},
): Promise<HardwareUnitRow> {
  const n = next();
  return insertHardwareUnit(db, {
    serialNumber: `SN-${n}`,
    code: `code-${n}`,
    deviceType: 'F500',
    udfId: `U${n}`.slice(0, 8),
    ...overrides,
  });
}

/** A device at a site, bound to a new hardware unit of the same type (devices). */
export async function buildDevice(
  db: Database,
  site: LocationRow,
  overrides: Partial<NewDeviceRow> = {},
): Promise<DeviceRow> {
  const unit = await buildHardwareUnit(db, { deviceType: overrides.deviceType ?? 'F500' });
  return insertDevice(db, {
    locationId: site.id,
    hardwareUnitId: unit.id,
    title: `Device ${unit.id}`,
    serialNumber: unit.serialNumber,
    code: unit.code,
    deviceType: unit.deviceType,
    udfId: unit.udfId,
    ...overrides,
  });
}
