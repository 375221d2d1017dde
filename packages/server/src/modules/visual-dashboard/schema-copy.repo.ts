import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  visualConnectors,
  visualMachineSensors,
  visualMachines,
  visualSchemas,
  visualTabs,
} from '../../db/tables/visual-dashboard.table';

/**
 * Copies a schema with its tabs, machines, sensor bindings and connectors under a new name, unpublished (a
 * clone, or the copy a save of a published schema makes). Run it in a transaction: it is one copy or none.
 * Answers the copy's id.
 */
export async function copySchema(
  db: Database,
  sourceId: number,
  copy: { name: string; by: number; at: Date },
): Promise<number> {
  const [source] = await db.select().from(visualSchemas).where(eq(visualSchemas.id, sourceId));
  if (source === undefined) {
    throw new Error(`schema ${sourceId} is gone`);
  }
  const [schema] = await db
    .insert(visualSchemas)
    .values({
      locationId: source.locationId,
      name: copy.name,
      modifiedById: copy.by,
      createdAt: copy.at,
      updatedAt: copy.at,
    })
    .returning({ id: visualSchemas.id });
  if (schema === undefined) {
    throw new Error('the copy of a schema was not stored');
  }
  const tabs = await db
    .select()
    .from(visualTabs)
    .where(eq(visualTabs.schemaId, sourceId))
    .orderBy(asc(visualTabs.position), asc(visualTabs.id));
  for (const { id: tabId, ...tab } of tabs) {
    const [newTab] = await db
      .insert(visualTabs)
      .values({ ...tab, schemaId: schema.id, createdAt: copy.at, updatedAt: copy.at })
      .returning({ id: visualTabs.id });
    if (newTab === undefined) {
      throw new Error('the copy of a tab was not stored');
    }
    await copyTabContents(db, tabId, newTab.id, schema.id);
  }
  return schema.id;
}

/** Copies the machines, their bindings and the connectors of a tab onto another tab of `schemaId`. */
async function copyTabContents(db: Database, fromTabId: number, toTabId: number, schemaId: number) {
  const machines = await db
    .select()
    .from(visualMachines)
    .where(eq(visualMachines.tabId, fromTabId))
    .orderBy(asc(visualMachines.id));
  if (machines.length === 0) {
    return;
  }
  // One INSERT a machine: the old id → new id map must not rest on the order RETURNING answers rows in.
  const newIdOf = new Map<number, number>();
  for (const { id, ...machine } of machines) {
    const [copy] = await db
      .insert(visualMachines)
      .values({ ...machine, tabId: toTabId })
      .returning({ id: visualMachines.id });
    if (copy === undefined) {
      throw new Error('the copy of a machine was not stored');
    }
    newIdOf.set(id, copy.id);
  }
  const bindings = await db
    .select()
    .from(visualMachineSensors)
    .where(
      inArray(
        visualMachineSensors.machineId,
        machines.map((machine) => machine.id),
      ),
    );
  if (bindings.length > 0) {
    await db
      .insert(visualMachineSensors)
      .values(
        bindings.map((binding) => ({ ...binding, machineId: newIdOf.get(binding.machineId) ?? 0, schemaId })),
      );
  }
  const connectors = await db.select().from(visualConnectors).where(eq(visualConnectors.tabId, fromTabId));
  if (connectors.length > 0) {
    await db.insert(visualConnectors).values(
      connectors.map(({ id: _id, ...connector }) => ({
        ...connector,
        tabId: toTabId,
        startMachineId: newIdOf.get(connector.startMachineId) ?? 0,
        endMachineId: connector.endMachineId === null ? null : (newIdOf.get(connector.endMachineId) ?? 0),
      })),
    );
  }
}
