import type { PublishedSchemaSummary } from '@vigil/contracts';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { toSchemaJson } from './schema-json';
import { findBindingsOfSchemas, findCurrentSchemasOfLocations, findTabsOfSchemas } from './schemas.repo';

/**
 * The current schema of each of some sites, as `GET api/v2/locations/` carries it (`published_schema`): none for a
 * person without the visual dashboard, whose every visual-dashboard answer is refused. The sites domain asks it
 * for the sites it lists, which the person may see already.
 */
export async function publishedSchemasFor(
  db: Database,
  user: Pick<UserRow, 'visualDashboardEnabled'>,
  locationIds: number[],
): Promise<Map<number, PublishedSchemaSummary>> {
  if (!user.visualDashboardEnabled) {
    return new Map();
  }
  const schemas = await findCurrentSchemasOfLocations(db, locationIds);
  const ids = schemas.map((schema) => schema.id);
  const [tabs, bindings] = await Promise.all([findTabsOfSchemas(db, ids), findBindingsOfSchemas(db, ids)]);
  return new Map(
    schemas.map((schema) => {
      const { id, name, schema_tabs } = toSchemaJson(schema, tabs, bindings);
      return [schema.locationId, { id, name, schema_tabs }];
    }),
  );
}
