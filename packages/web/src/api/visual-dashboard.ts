import { queryOptions } from '@tanstack/react-query';
import { type VisualSchema, VisualSchemaSchema } from '@vigil/contracts';
import { z } from 'zod';
import { apiV2 } from './client';

const SchemaListSchema = z.array(VisualSchemaSchema);

/** Query keys of the visual dashboard; invalidating `all` refreshes every view of it. */
export const visualDashboardKeys = {
  all: ['visual-dashboard'] as const,
  schemas: (siteId: number) => [...visualDashboardKeys.all, 'schemas', siteId] as const,
  schema: (id: number) => [...visualDashboardKeys.all, 'schema', id] as const,
};

/** GET api/v2/schemas/?location=: every version of the site's diagram, newest change first. */
export function listSchemas(siteId: number, signal?: AbortSignal): Promise<VisualSchema[]> {
  return apiV2.get('schemas/', { query: { location: siteId }, parse: SchemaListSchema.parse, signal });
}

export function schemasQuery(siteId: number) {
  return queryOptions({
    queryKey: visualDashboardKeys.schemas(siteId),
    queryFn: ({ signal }) => listSchemas(siteId, signal),
  });
}
