import { getSiteAccess } from '../../access/access';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { notFound } from '../../errors';
import type { MachinePlace } from './machine-detail.repo';
import * as machineDetailRepo from './machine-detail.repo';
import type { SchemaWithEditor } from './schemas.repo';
import * as schemasRepo from './schemas.repo';
import { assertVisualDashboard } from './visual-dashboard-access';

/**
 * What a reader of a site may open (docs/visual-dashboard.md 'Access'): the visual dashboard's gate (403), then
 * the site's readers; anything of a site the person does not see is 404, as if it did not exist.
 */

/** The machine and where it sits (tab, schema, site) when the person sees its site; 404 otherwise. */
export async function visibleMachinePlace(
  db: Database,
  user: UserRow,
  id: number,
  machines: Pick<typeof machineDetailRepo, 'findMachinePlace'> = machineDetailRepo,
): Promise<MachinePlace> {
  assertVisualDashboard(user);
  const place = await machines.findMachinePlace(db, id);
  if (place === undefined) {
    throw notFound();
  }
  await getSiteAccess(db, user, place.schema.locationId);
  return place;
}

/** The schema when the person sees its site; 404 otherwise (a foreign tenant's schema included). */
export async function visibleSchema(
  db: Database,
  user: UserRow,
  id: number,
  schemas: Pick<typeof schemasRepo, 'findSchemaById'> = schemasRepo,
): Promise<SchemaWithEditor> {
  assertVisualDashboard(user);
  const schema = await schemas.findSchemaById(db, id);
  if (schema === undefined) {
    throw notFound();
  }
  await getSiteAccess(db, user, schema.locationId);
  return schema;
}
