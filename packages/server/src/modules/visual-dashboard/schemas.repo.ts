import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users } from '../../db/tables/users.table';
import {
  type VisualSchemaRow,
  visualMachineSensors,
  visualMachines,
  visualSchemas,
  visualTabs,
} from '../../db/tables/visual-dashboard.table';

/** Queries of schemas and what a schema's JSON shows of its tabs and bindings (docs/visual-dashboard.md). */

/** A schema with the names of the person who changed it last (null once that person is deleted). */
export type SchemaWithEditor = VisualSchemaRow & {
  editor: { id: number; firstName: string; lastName: string } | null;
};

const withEditor = {
  schema: visualSchemas,
  editorId: users.id,
  editorFirstName: users.firstName,
  editorLastName: users.lastName,
};

type WithEditorRow = {
  schema: VisualSchemaRow;
  editorId: number | null;
  editorFirstName: string | null;
  editorLastName: string | null;
};

function schemaWithEditorOf(row: WithEditorRow): SchemaWithEditor {
  return {
    ...row.schema,
    editor:
      row.editorId === null
        ? null
        : { id: row.editorId, firstName: row.editorFirstName ?? '', lastName: row.editorLastName ?? '' },
  };
}

/** Every schema (version) of a site, newest change first. */
export async function findSchemasOfLocation(db: Database, locationId: number): Promise<SchemaWithEditor[]> {
  const rows = await db
    .select(withEditor)
    .from(visualSchemas)
    .leftJoin(users, eq(users.id, visualSchemas.modifiedById))
    .where(eq(visualSchemas.locationId, locationId))
    .orderBy(desc(visualSchemas.updatedAt), desc(visualSchemas.id));
  return rows.map(schemaWithEditorOf);
}

export async function findSchemaById(db: Database, id: number): Promise<SchemaWithEditor | undefined> {
  const [row] = await db
    .select(withEditor)
    .from(visualSchemas)
    .leftJoin(users, eq(users.id, visualSchemas.modifiedById))
    .where(eq(visualSchemas.id, id));
  return row === undefined ? undefined : schemaWithEditorOf(row);
}

/** The site's current schema: its newest published one. */
export async function findCurrentSchema(
  db: Database,
  locationId: number,
): Promise<SchemaWithEditor | undefined> {
  const [row] = await db
    .select(withEditor)
    .from(visualSchemas)
    .leftJoin(users, eq(users.id, visualSchemas.modifiedById))
    .where(and(eq(visualSchemas.locationId, locationId), eq(visualSchemas.isPublished, true)))
    .orderBy(desc(visualSchemas.publishedAt), desc(visualSchemas.id))
    .limit(1);
  return row === undefined ? undefined : schemaWithEditorOf(row);
}

/** The current (newest published) schema of each of some sites that has one. */
export async function findCurrentSchemasOfLocations(
  db: Database,
  locationIds: number[],
): Promise<SchemaWithEditor[]> {
  if (locationIds.length === 0) {
    return [];
  }
  const rows = await db
    .selectDistinctOn([visualSchemas.locationId], withEditor)
    .from(visualSchemas)
    .leftJoin(users, eq(users.id, visualSchemas.modifiedById))
    .where(and(inArray(visualSchemas.locationId, locationIds), eq(visualSchemas.isPublished, true)))
    .orderBy(asc(visualSchemas.locationId), desc(visualSchemas.publishedAt), desc(visualSchemas.id));
  return rows.map(schemaWithEditorOf);
}

/** A tab as a schema lists it. */
export type SchemaTabRow = { id: number; schemaId: number; name: string };

/** The tabs of some schemas, in strip order. */
export async function findTabsOfSchemas(db: Database, schemaIds: number[]): Promise<SchemaTabRow[]> {
  if (schemaIds.length === 0) {
    return [];
  }
  return db
    .select({ id: visualTabs.id, schemaId: visualTabs.schemaId, name: visualTabs.name })
    .from(visualTabs)
    .where(inArray(visualTabs.schemaId, schemaIds))
    .orderBy(asc(visualTabs.position), asc(visualTabs.id));
}

/** A bound sensor as a schema lists it: on which tab, on which machine, of which device. */
export type SchemaBindingRow = {
  schemaId: number;
  tabId: number;
  sensorId: string;
  machineName: string;
  deviceId: number;
};

/** The sensors bound in some schemas, by tab, machine and sensor point. */
export async function findBindingsOfSchemas(db: Database, schemaIds: number[]): Promise<SchemaBindingRow[]> {
  if (schemaIds.length === 0) {
    return [];
  }
  return db
    .select({
      schemaId: visualMachineSensors.schemaId,
      tabId: visualMachines.tabId,
      sensorId: visualMachineSensors.sensorId,
      machineName: visualMachines.name,
      deviceId: visualMachineSensors.deviceId,
    })
    .from(visualMachineSensors)
    .innerJoin(visualMachines, eq(visualMachines.id, visualMachineSensors.machineId))
    .where(inArray(visualMachineSensors.schemaId, schemaIds))
    .orderBy(asc(visualMachines.id), asc(visualMachineSensors.sensorPoint));
}

/** How many schemas a site has (its limit, VISUAL_LIMITS.schemasPerSite). */
export async function countSchemasOfLocation(db: Database, locationId: number): Promise<number> {
  const rows = await db
    .select({ id: visualSchemas.id })
    .from(visualSchemas)
    .where(eq(visualSchemas.locationId, locationId));
  return rows.length;
}

/** Publishes an unpublished schema; undefined when it was published already (or is gone). */
export async function publishSchema(
  db: Database,
  id: number,
  change: { comment: string; by: number; at: Date },
): Promise<VisualSchemaRow | undefined> {
  const [row] = await db
    .update(visualSchemas)
    .set({
      isPublished: true,
      publishedAt: change.at,
      comment: change.comment,
      modifiedById: change.by,
      updatedAt: change.at,
    })
    .where(and(eq(visualSchemas.id, id), eq(visualSchemas.isPublished, false)))
    .returning();
  return row;
}

/** Deletes an unpublished schema with everything on it; false when it is published (or gone). */
export async function deleteUnpublishedSchema(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .delete(visualSchemas)
    .where(and(eq(visualSchemas.id, id), eq(visualSchemas.isPublished, false)))
    .returning({ id: visualSchemas.id });
  return rows.length > 0;
}
