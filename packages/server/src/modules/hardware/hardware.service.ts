import {
  DEVICE_MESSAGES,
  type HardwareUnit,
  type HardwareUnitCreate,
  NON_FIELD_ERRORS,
} from '@vigil/contracts';
import { assertStaff } from '../../access/access';
import type { Database } from '../../db/database';
import type { Page } from '../../db/page';
import type { HardwareUnitRow } from '../../db/tables/hardware.table';
import type { UserRow } from '../../db/tables/users.table';
import { uniqueViolationOf } from '../../db/unique-violation';
import { AppError, notFound } from '../../errors';
import * as hardwareRepo from './hardware.repo';
import { toHardwareUnitJson } from './hardware-units';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { hardware: hardwareRepo };
export type HardwareRepositories = typeof REPOSITORIES;
export type HardwareDeps = { db: Database; repos?: HardwareRepositories };

/** Hardware units (A section 8): staff list, provision and remove them; the CLI and the demo provision. */
export class HardwareService {
  private readonly repos: HardwareRepositories;

  constructor(private readonly deps: HardwareDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET hardware/: staff only. */
  async list(
    user: UserRow,
    search: string | undefined,
    page: Page,
  ): Promise<{ count: number; results: HardwareUnit[] }> {
    assertStaff(user);
    const { count, rows } = await this.repos.hardware.findHardwareUnits(this.deps.db, { search, ...page });
    return { count, results: rows.map((row) => toHardwareUnitJson(row, row.deviceId)) };
  }

  /** Provisions one unit; 400 when its serial number or UDF id is taken. Used by the API and the CLI. */
  async provision(input: HardwareUnitCreate): Promise<HardwareUnitRow> {
    const clash = await this.repos.hardware.findHardwareUnitClash(
      this.deps.db,
      input.serial_number,
      input.udf_id,
    );
    if (clash !== undefined) {
      throw clashError(clash.serialNumber === input.serial_number ? 'serial_number' : 'udf_id');
    }
    try {
      return await this.repos.hardware.insertHardwareUnit(this.deps.db, {
        serialNumber: input.serial_number,
        code: input.code,
        deviceType: input.device_type,
        udfId: input.udf_id,
      });
    } catch (error) {
      const constraint = uniqueViolationOf(error);
      if (constraint === undefined) {
        throw error;
      }
      throw clashError(constraint.includes('udf') ? 'udf_id' : 'serial_number');
    }
  }

  /** POST hardware/: staff only. */
  async create(user: UserRow, input: HardwareUnitCreate): Promise<HardwareUnit> {
    assertStaff(user);
    return toHardwareUnitJson(await this.provision(input), null);
  }

  /** DELETE hardware/{id}/: staff only, and only while no device uses the unit. */
  async remove(user: UserRow, id: number): Promise<void> {
    assertStaff(user);
    const unit = await this.repos.hardware.getHardwareUnitById(this.deps.db, id);
    if (unit === undefined) {
      throw notFound();
    }
    if (unit.deviceId !== null) {
      throw AppError.validation({ [NON_FIELD_ERRORS]: [DEVICE_MESSAGES.hardwareInUse] });
    }
    await this.repos.hardware.deleteHardwareUnit(this.deps.db, id);
  }
}

function clashError(field: 'serial_number' | 'udf_id'): AppError {
  return AppError.validation({
    [field]: [field === 'udf_id' ? DEVICE_MESSAGES.hardwareUdfIdTaken : DEVICE_MESSAGES.hardwareSerialTaken],
  });
}
