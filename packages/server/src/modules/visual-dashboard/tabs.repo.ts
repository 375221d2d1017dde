import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { devices } from '../../db/tables/devices.table';
import {
  type VisualConnectorRow,
  type VisualMachineRow,
  type VisualTabRow,
  visualConnectors,
  visualMachineSensors,
  visualMachines,
  visualSchemas,
  visualTabs,
} from '../../db/tables/visual-dashboard.table';

/** Queries of a tab and what it holds (docs/visual-dashboard.md 'Data model'). */

/** A tab with its schema's site and whether that schema is published (frozen). */
export type TabWithSchema = VisualTabRow & { locationId: number; isPublished: boolean };

export async function findTabById(db: Database, id: number): Promise<TabWithSchema | undefined> {
  const [row] = await db
    .select({ tab: visualTabs, locationId: visualSchemas.locationId, isPublished: visualSchemas.isPublished })
    .from(visualTabs)
    .innerJoin(visualSchemas, eq(visualSchemas.id, visualTabs.schemaId))
    .where(eq(visualTabs.id, id));
  return row === undefined
    ? undefined
    : { ...row.tab, locationId: row.locationId, isPublished: row.isPublished };
}

export async function findMachinesOfTab(db: Database, tabId: number): Promise<VisualMachineRow[]> {
  return db
    .select()
    .from(visualMachines)
    .where(eq(visualMachines.tabId, tabId))
    .orderBy(asc(visualMachines.id));
}

export async function findConnectorsOfTab(db: Database, tabId: number): Promise<VisualConnectorRow[]> {
  return db
    .select()
    .from(visualConnectors)
    .where(eq(visualConnectors.tabId, tabId))
    .orderBy(asc(visualConnectors.id));
}

/** A bound sensor of a tab's machine with its device. */
export type TabBindingRow = {
  machineId: number;
  sensorPoint: number;
  sensorId: string;
  deviceId: number;
  deviceName: string;
  udfId: string;
};

export async function findBindingsOfTab(db: Database, tabId: number): Promise<TabBindingRow[]> {
  return db
    .select({
      machineId: visualMachineSensors.machineId,
      sensorPoint: visualMachineSensors.sensorPoint,
      sensorId: visualMachineSensors.sensorId,
      deviceId: devices.id,
      deviceName: devices.title,
      udfId: devices.udfId,
    })
    .from(visualMachineSensors)
    .innerJoin(visualMachines, eq(visualMachines.id, visualMachineSensors.machineId))
    .innerJoin(devices, eq(devices.id, visualMachineSensors.deviceId))
    .where(eq(visualMachines.tabId, tabId))
    .orderBy(asc(visualMachineSensors.machineId), asc(visualMachineSensors.sensorPoint));
}

/** The devices of a site (a bound sensor's device is found by its `udf_id`). */
export async function findDevicesOfLocation(db: Database, locationId: number) {
  return db
    .select({ id: devices.id, udfId: devices.udfId, title: devices.title })
    .from(devices)
    .where(eq(devices.locationId, locationId));
}

/** The sensors bound in a schema outside one tab (undefined: every tab), with their machine's name. */
export async function findSchemaBindingsOutsideTab(
  db: Database,
  schemaId: number,
  tabId: number | undefined,
) {
  const rows = await db
    .select({
      sensorId: visualMachineSensors.sensorId,
      tabId: visualMachines.tabId,
      machineName: visualMachines.name,
    })
    .from(visualMachineSensors)
    .innerJoin(visualMachines, eq(visualMachines.id, visualMachineSensors.machineId))
    .where(eq(visualMachineSensors.schemaId, schemaId));
  return rows.filter((row) => row.tabId !== tabId);
}

export async function findTabsOfSchema(db: Database, schemaId: number) {
  return db
    .select({ id: visualTabs.id, position: visualTabs.position })
    .from(visualTabs)
    .where(eq(visualTabs.schemaId, schemaId))
    .orderBy(asc(visualTabs.position), asc(visualTabs.id));
}

/** The next place at the end of a schema's tab strip. */
export async function nextTabPosition(db: Database, schemaId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(visualTabs.position) })
    .from(visualTabs)
    .where(eq(visualTabs.schemaId, schemaId));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

export async function deleteTab(db: Database, id: number): Promise<void> {
  await db.delete(visualTabs).where(eq(visualTabs.id, id));
}

export async function setTabPosition(db: Database, schemaId: number, id: number, position: number) {
  await db
    .update(visualTabs)
    .set({ position })
    .where(and(eq(visualTabs.id, id), eq(visualTabs.schemaId, schemaId)));
}

/** The schemas some tabs belong to, with their site and publication. */
export async function findSchemasOfTabs(db: Database, tabIds: number[]) {
  if (tabIds.length === 0) {
    return [];
  }
  return db
    .select({
      tabId: visualTabs.id,
      schemaId: visualTabs.schemaId,
      locationId: visualSchemas.locationId,
      isPublished: visualSchemas.isPublished,
    })
    .from(visualTabs)
    .innerJoin(visualSchemas, eq(visualSchemas.id, visualTabs.schemaId))
    .where(inArray(visualTabs.id, tabIds));
}
