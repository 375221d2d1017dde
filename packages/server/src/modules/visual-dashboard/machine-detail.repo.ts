import type { DeviceType, StateTree } from '@vigil/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { deviceState } from '../../db/tables/device-state.table';
import { devices } from '../../db/tables/devices.table';
import { locations } from '../../db/tables/sites.table';
import {
  type VisualMachineRow,
  visualMachineSensors,
  visualMachines,
  visualSchemas,
  visualTabs,
} from '../../db/tables/visual-dashboard.table';

/** Reads of `machines/{id}/` (docs/visual-dashboard.md 'Routes'). */

/** A machine with its tab, its schema and the schema's site. */
export type MachinePlace = {
  machine: VisualMachineRow;
  tab: { id: number; name: string };
  schema: { id: number; name: string; locationId: number };
  locationTitle: string;
};

export async function findMachinePlace(db: Database, id: number): Promise<MachinePlace | undefined> {
  const [row] = await db
    .select({
      machine: visualMachines,
      tabId: visualTabs.id,
      tabName: visualTabs.name,
      schemaId: visualSchemas.id,
      schemaName: visualSchemas.name,
      locationId: visualSchemas.locationId,
      locationTitle: locations.title,
    })
    .from(visualMachines)
    .innerJoin(visualTabs, eq(visualTabs.id, visualMachines.tabId))
    .innerJoin(visualSchemas, eq(visualSchemas.id, visualTabs.schemaId))
    .innerJoin(locations, eq(locations.id, visualSchemas.locationId))
    .where(eq(visualMachines.id, id));
  if (row === undefined) {
    return undefined;
  }
  return {
    machine: row.machine,
    tab: { id: row.tabId, name: row.tabName },
    schema: { id: row.schemaId, name: row.schemaName, locationId: row.locationId },
    locationTitle: row.locationTitle,
  };
}

/** A sensor bound on one of the machine's points, with its device and the device's latest stored tree. */
export type MachineBinding = {
  sensorPoint: number;
  sensorId: string;
  /** The device's site now (a device moved away since the save is no longer this site's). */
  device: { id: number; title: string; deviceType: DeviceType; locationId: number };
};

/** The machine's bound sensors in sensor-point order, with their devices. */
export async function findBindingsOfMachine(db: Database, machineId: number): Promise<MachineBinding[]> {
  const rows = await db
    .select({
      sensorPoint: visualMachineSensors.sensorPoint,
      sensorId: visualMachineSensors.sensorId,
      deviceId: devices.id,
      title: devices.title,
      deviceType: devices.deviceType,
      locationId: devices.locationId,
    })
    .from(visualMachineSensors)
    .innerJoin(devices, eq(devices.id, visualMachineSensors.deviceId))
    .where(eq(visualMachineSensors.machineId, machineId))
    .orderBy(asc(visualMachineSensors.sensorPoint));
  return rows.map((row) => ({
    sensorPoint: row.sensorPoint,
    sensorId: row.sensorId,
    device: { id: row.deviceId, title: row.title, deviceType: row.deviceType, locationId: row.locationId },
  }));
}

/** The latest stored tree of each of the devices that has one. */
export async function findTreesOfDevices(
  db: Database,
  deviceIds: readonly number[],
): Promise<Map<number, StateTree>> {
  if (deviceIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ deviceId: deviceState.deviceId, tree: deviceState.tree })
    .from(deviceState)
    .where(inArray(deviceState.deviceId, [...deviceIds]));
  return new Map(rows.map((row) => [row.deviceId, row.tree]));
}
