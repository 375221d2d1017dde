import type { DeviceType, StateTree } from '@vigil/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { deviceState } from '../../db/tables/device-state.table';
import { devices } from '../../db/tables/devices.table';
import {
  visualMachineSensors,
  visualMachines,
  visualSchemas,
  visualTabs,
} from '../../db/tables/visual-dashboard.table';

/** Reads of `search-sensor/` (docs/visual-dashboard.md 'Routes'): the site's devices and where sensors are bound. */

export type DeviceWithTree = {
  id: number;
  title: string;
  deviceType: DeviceType;
  /** The latest stored tree (`device_state`); null before the device has reported one. */
  tree: StateTree | null;
};

/** Every device of the site with its latest stored tree, by name then id. */
export async function findDevicesWithTreeOfLocation(
  db: Database,
  locationId: number,
): Promise<DeviceWithTree[]> {
  return db
    .select({ id: devices.id, title: devices.title, deviceType: devices.deviceType, tree: deviceState.tree })
    .from(devices)
    .leftJoin(deviceState, eq(deviceState.deviceId, devices.id))
    .where(eq(devices.locationId, locationId))
    .orderBy(asc(devices.title), asc(devices.id));
}

/** A sensor bound on a machine of a tab. */
export type SensorBinding = {
  deviceId: number;
  sensorId: string;
  tabId: number;
  tabName: string;
  machineName: string;
};

/** The sensors bound in the site's schemas (or in one of them), in tab and machine order. */
export async function findBindingsOfLocation(
  db: Database,
  locationId: number,
  schemaId?: number,
): Promise<SensorBinding[]> {
  const site = eq(visualSchemas.locationId, locationId);
  return db
    .select({
      deviceId: visualMachineSensors.deviceId,
      sensorId: visualMachineSensors.sensorId,
      tabId: visualTabs.id,
      tabName: visualTabs.name,
      machineName: visualMachines.name,
    })
    .from(visualMachineSensors)
    .innerJoin(visualMachines, eq(visualMachines.id, visualMachineSensors.machineId))
    .innerJoin(visualTabs, eq(visualTabs.id, visualMachines.tabId))
    .innerJoin(visualSchemas, eq(visualSchemas.id, visualTabs.schemaId))
    .where(schemaId === undefined ? site : and(site, eq(visualSchemas.id, schemaId)))
    .orderBy(asc(visualSchemas.id), asc(visualTabs.position), asc(visualTabs.id), asc(visualMachines.id));
}
