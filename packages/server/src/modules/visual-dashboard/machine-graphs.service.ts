import type { MachineGraph } from '@vigil/contracts';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import type { GraphsService } from '../graphs/graphs.service';
import * as machineDetailRepo from './machine-detail.repo';
import { visibleMachinePlace } from './visible-places';

const REPOSITORIES = { machines: machineDetailRepo };
export type MachineGraphsRepositories = typeof REPOSITORIES;
export type MachineGraphsDeps = {
  db: Database;
  /** The graphs domain's reading of graphs (graphs.service.ts), given by registerVisualDashboard. */
  graphs: Pick<GraphsService, 'dayGraphsOfSensors'>;
  repos?: MachineGraphsRepositories;
};

/**
 * GET graphs/machine/{id}/ (M 'Machine details': the '24 Hours Graphs' widget; docs/visual-dashboard.md
 * 'Machine activity'): the 24-hour graph of each sensor group holding bound sensors of the machine, with only
 * those sensors' series, read by the graphs domain as graphs/device/{id}/ reads them.
 */
export class MachineGraphsService {
  private readonly repos: MachineGraphsRepositories;

  constructor(private readonly deps: MachineGraphsDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /**
   * The machine's graphs in M section 9 order; [] without bound sensors. A sensor of a device no longer at the
   * machine's site (moved since the save) is left out: its readings are not the site's.
   */
  async graphs(user: UserRow, id: number): Promise<MachineGraph[]> {
    const { db } = this.deps;
    const place = await visibleMachinePlace(db, user, id, this.repos.machines);
    const sensorsByDevice = new Map<number, Set<string>>();
    for (const binding of await this.repos.machines.findBindingsOfMachine(db, place.machine.id)) {
      if (binding.device.locationId !== place.schema.locationId) {
        continue;
      }
      const sensors = sensorsByDevice.get(binding.device.id) ?? new Set<string>();
      sensors.add(binding.sensorId);
      sensorsByDevice.set(binding.device.id, sensors);
    }
    if (sensorsByDevice.size === 0) {
      return [];
    }
    return this.deps.graphs.dayGraphsOfSensors(user, sensorsByDevice);
  }
}
