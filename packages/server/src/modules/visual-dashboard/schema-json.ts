import { schemaTabsJson, type VisualSchema } from '@vigil/contracts';
import type { SchemaBindingRow, SchemaTabRow, SchemaWithEditor } from './schemas.repo';

/** Who the wire names when the person who last changed a schema was deleted (docs/decisions.md, issue 25). */
export const DELETED_EDITOR = { id: 0, first_name: 'Deleted', last_name: 'user' } as const;

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * A schema as the v2 calls answer it (wire-formats 'Visual dashboard (v2)'): its tabs in strip order, each with
 * its bound sensors as `[{<full sensor id>: {machine_name}}]`, and the ids of the devices bound anywhere in it.
 */
export function toSchemaJson(
  schema: SchemaWithEditor,
  tabs: readonly SchemaTabRow[],
  bindings: readonly SchemaBindingRow[],
): VisualSchema {
  const own = bindings.filter((binding) => binding.schemaId === schema.id);
  return {
    id: schema.id,
    name: schema.name,
    comment: schema.comment,
    created_dt: unixSeconds(schema.createdAt),
    update_dt: unixSeconds(schema.updatedAt),
    is_published: schema.isPublished,
    modified_by:
      schema.editor === null
        ? { ...DELETED_EDITOR }
        : { id: schema.editor.id, first_name: schema.editor.firstName, last_name: schema.editor.lastName },
    location: schema.locationId,
    device_ids: [...new Set(own.map((binding) => binding.deviceId))].sort((a, b) => a - b),
    schema_tabs: schemaTabsJson(
      tabs.filter((tab) => tab.schemaId === schema.id),
      own,
    ),
  };
}
