import type { VisualSchema } from '@vigil/contracts';
import { newTabPath, schemaTabPath, visualDashboardSchemasPath } from '../../../routes/paths';

/**
 * Which tab the live view shows (M section 2 'Schema details': a tab id not in the schema redirects to the
 * schema's first tab), and where the schema's actions lead afterwards.
 */

type SchemaTabs = Pick<VisualSchema, 'id' | 'location' | 'schema_tabs' | 'is_published'>;

/** Null: show `tabId`; else the path to go to instead (first tab; no tab: new tab for editors, else the list). */
export function tabRedirectOf(schema: SchemaTabs, tabId: number, canEdit: boolean): string | null {
  if (schema.schema_tabs.some((tab) => tab.id === tabId)) {
    return null;
  }
  return firstTabPathOf(schema, canEdit);
}

/** The schema's first tab, or where a schema without tabs leads. */
export function firstTabPathOf(schema: SchemaTabs, canEdit: boolean, exceptTabId?: number): string {
  const first = schema.schema_tabs.find((tab) => tab.id !== exceptTabId);
  if (first !== undefined) {
    return schemaTabPath(schema.location, schema.id, first.id);
  }
  return canEdit && !schema.is_published
    ? newTabPath(schema.location, schema.id)
    : visualDashboardSchemasPath(schema.location);
}

/** The tab at the same place in another version's strip (a copy keeps the order), else its first tab. */
export function correspondingTabId(from: SchemaTabs, to: SchemaTabs, tabId: number): number | null {
  const index = from.schema_tabs.findIndex((tab) => tab.id === tabId);
  return (to.schema_tabs[index] ?? to.schema_tabs[0])?.id ?? null;
}

/** The default name of the new version offered when a published schema is to be changed. */
export function copyNameOf(name: string, maxLength: number): string {
  const suffix = ' (copy)';
  return `${name.slice(0, Math.max(0, maxLength - suffix.length))}${suffix}`;
}
