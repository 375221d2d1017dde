import { DEVICE_MESSAGES, type DeviceCreate, NON_FIELD_ERRORS } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assignToSite, buildClient, buildHardwareUnit, buildSite, buildUser } from '../../../test/factories';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/database';
import type { HardwareUnitRow } from '../../db/tables/hardware.table';
import type { LocationRow } from '../../db/tables/sites.table';
import type { UserRow } from '../../db/tables/users.table';
import * as hardwareRepo from '../hardware/hardware.repo';
import * as usersRepo from '../users/users.repo';
import * as ownershipsRepo from './device-ownerships.repo';
import * as devicesRepo from './devices.repo';
import { DevicesService } from './devices.service';

/** The same 400 for every binding failure, so serial numbers cannot be probed. */
const NOT_VALID = {
  code: 'validation',
  fields: { [NON_FIELD_ERRORS]: [DEVICE_MESSAGES.notValidSerialOrCode] },
};

/** Binding a hardware unit to a new device, with the hardware and devices repositories replaced. */
describe('DevicesService.create: the unit must still be free when the device is written', () => {
  let handle: DatabaseHandle;
  let manager: UserRow;
  let site: LocationRow;
  let unit: HardwareUnitRow;

  beforeAll(async () => {
    handle = await openTestDatabase();
    site = await buildSite(handle.db, await buildClient(handle.db));
    manager = await buildUser(handle.db, { roles: { isManager: true } });
    await assignToSite(handle.db, manager, site, 'Manager');
    unit = await buildHardwareUnit(handle.db);
  });
  afterAll(async () => handle.close());

  function serviceWith(repos: { hardware?: typeof hardwareRepo; devices?: typeof devicesRepo }) {
    const events = { publish: vi.fn(async () => {}) };
    const bus = { publishControl: vi.fn() };
    const devices = new DevicesService({
      db: handle.db,
      bus,
      events,
      repos: {
        devices: repos.devices ?? devicesRepo,
        ownerships: ownershipsRepo,
        hardware: repos.hardware ?? hardwareRepo,
        users: usersRepo,
      },
    });
    return { devices, events };
  }

  const input = (): DeviceCreate => ({
    location: site.id,
    title: 'Silo 4',
    ip_address: '',
    udf_id: undefined,
    serial_number: unit.serialNumber,
    code: unit.code,
    device_type: unit.deviceType,
  });

  it('refuses a unit another device uses, with the message of a wrong serial number', async () => {
    const { devices, events } = serviceWith({
      hardware: { ...hardwareRepo, findHardwareUnitByCredentials: async () => ({ ...unit, deviceId: 9999 }) },
    });
    await expect(devices.create(manager, input())).rejects.toMatchObject(NOT_VALID);
    expect(events.publish).not.toHaveBeenCalled();
  });

  it('answers the same 400 when another device took the unit between the check and the insert', async () => {
    // The check finds the unit free; the insert then breaks devices' unique hardware unit, as a concurrent bind would.
    const takenMeanwhile = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'devices_hardware_unit_id_unique',
    });
    const { devices, events } = serviceWith({
      devices: {
        ...devicesRepo,
        insertDevice: async () => {
          throw takenMeanwhile;
        },
      },
    });
    await expect(devices.create(manager, input())).rejects.toMatchObject(NOT_VALID);
    expect(events.publish).not.toHaveBeenCalled();
  });

  it('binds the free unit with the real repositories', async () => {
    const { devices, events } = serviceWith({});
    const device = await devices.create(manager, input());
    expect(device).toMatchObject({ udf_id: unit.udfId, location: site.id, can_edit: true });
    // The audit record (in the transaction) and the administration notice (after it).
    expect(events.publish.mock.calls.map((call: unknown[]) => call[1])).toEqual([
      'change-recorded',
      'device-administered',
    ]);
  });
});
