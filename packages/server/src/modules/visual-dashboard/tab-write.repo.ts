import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  type NewVisualConnectorRow,
  type NewVisualMachineRow,
  type NewVisualTabRow,
  visualConnectors,
  visualMachineSensors,
  visualMachines,
  visualSchemas,
  visualTabs,
} from '../../db/tables/visual-dashboard.table';

/** Writes of a tab: a save replaces what the tab holds; a clone copies it. Run them in a transaction. */

export async function insertSchema(
  db: Database,
  values: { locationId: number; name: string; by: number; at: Date },
) {
  const [row] = await db
    .insert(visualSchemas)
    .values({
      locationId: values.locationId,
      name: values.name,
      modifiedById: values.by,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning({ id: visualSchemas.id });
  if (row === undefined) {
    throw new Error('the schema was not stored');
  }
  return row.id;
}

/**
 * Locks an unpublished schema's row for the rest of the transaction (a publish waits for it); false when the
 * schema is published (or gone): a published schema is frozen.
 */
export async function lockUnpublishedSchema(db: Database, schemaId: number): Promise<boolean> {
  const rows = await db
    .select({ id: visualSchemas.id })
    .from(visualSchemas)
    .where(and(eq(visualSchemas.id, schemaId), eq(visualSchemas.isPublished, false)))
    .for('update');
  return rows.length > 0;
}

/** Marks a schema changed by someone now (its list shows the newest change first). */
export async function touchSchema(db: Database, schemaId: number, change: { by: number; at: Date }) {
  await db
    .update(visualSchemas)
    .set({ modifiedById: change.by, updatedAt: change.at })
    .where(eq(visualSchemas.id, schemaId));
}

export async function insertTab(db: Database, values: NewVisualTabRow): Promise<number> {
  const [row] = await db.insert(visualTabs).values(values).returning({ id: visualTabs.id });
  if (row === undefined) {
    throw new Error('the tab was not stored');
  }
  return row.id;
}

export async function updateTab(db: Database, id: number, values: Partial<NewVisualTabRow>): Promise<void> {
  await db.update(visualTabs).set(values).where(eq(visualTabs.id, id));
}

export async function insertMachine(db: Database, values: NewVisualMachineRow): Promise<number> {
  const [row] = await db.insert(visualMachines).values(values).returning({ id: visualMachines.id });
  if (row === undefined) {
    throw new Error('the machine was not stored');
  }
  return row.id;
}

export async function updateMachine(db: Database, id: number, values: Partial<NewVisualMachineRow>) {
  await db.update(visualMachines).set(values).where(eq(visualMachines.id, id));
}

export async function deleteMachines(db: Database, ids: number[]): Promise<void> {
  if (ids.length > 0) {
    await db.delete(visualMachines).where(inArray(visualMachines.id, ids));
  }
}

/** Replaces the sensor bindings of some machines. */
export async function replaceBindings(
  db: Database,
  machineIds: number[],
  rows: Array<{
    machineId: number;
    sensorPoint: number;
    schemaId: number;
    deviceId: number;
    sensorId: string;
  }>,
): Promise<void> {
  if (machineIds.length > 0) {
    await db.delete(visualMachineSensors).where(inArray(visualMachineSensors.machineId, machineIds));
  }
  if (rows.length > 0) {
    await db.insert(visualMachineSensors).values(rows);
  }
}

/** Replaces the connectors of a tab. */
export async function replaceConnectors(
  db: Database,
  tabId: number,
  rows: NewVisualConnectorRow[],
): Promise<void> {
  await db.delete(visualConnectors).where(eq(visualConnectors.tabId, tabId));
  if (rows.length > 0) {
    await db.insert(visualConnectors).values(rows);
  }
}

/**
 * Copies a tab in its schema at `position`, with its machines (without their sensors) and connectors; undefined
 * when the tab is gone.
 */
export async function copyTabWithoutSensors(
  db: Database,
  tabId: number,
  copy: { position: number; at: Date },
): Promise<number | undefined> {
  const [source] = await db.select().from(visualTabs).where(eq(visualTabs.id, tabId));
  if (source === undefined) {
    return undefined;
  }
  const { id: _id, ...tab } = source;
  const newTabId = await insertTab(db, {
    ...tab,
    position: copy.position,
    createdAt: copy.at,
    updatedAt: copy.at,
  });
  const machines = await db
    .select()
    .from(visualMachines)
    .where(eq(visualMachines.tabId, tabId))
    .orderBy(asc(visualMachines.id));
  const newIdOf = new Map<number, number>();
  for (const { id, ...machine } of machines) {
    newIdOf.set(id, await insertMachine(db, { ...machine, tabId: newTabId }));
  }
  const connectors = await db.select().from(visualConnectors).where(eq(visualConnectors.tabId, tabId));
  const rows = connectors.map(({ id: _connectorId, ...connector }) => ({
    ...connector,
    tabId: newTabId,
    startMachineId: newIdOf.get(connector.startMachineId) ?? 0,
    endMachineId: connector.endMachineId === null ? null : (newIdOf.get(connector.endMachineId) ?? null),
  }));
  await replaceConnectors(db, newTabId, rows);
  return newTabId;
}
