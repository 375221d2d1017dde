import { useQuery } from '@tanstack/react-query';
import type { VisualSchema } from '@vigil/contracts';
import { useParams } from 'react-router';
import { siteQuery } from '../../api/sites';
import { schemasQuery } from '../../api/visual-dashboard';
import { isKnownTimeZone } from '../../time/site-time';

/** What a schema card says and where it leads (M section 2 'Schemas list'). */
export type SchemaCard = {
  schema: VisualSchema;
  /** The live view of its first tab; null when it has no tab yet. */
  firstTabId: number | null;
  sensorCount: number;
};

export function schemaCardOf(schema: VisualSchema): SchemaCard {
  return {
    schema,
    firstTabId: schema.schema_tabs[0]?.id ?? null,
    sensorCount: schema.schema_tabs.reduce((sum, tab) => sum + tab.sensors_ids.length, 0),
  };
}

/** /visual-dashboard/site/:siteId/schemas/: the site, whether the person edits it, and its schemas' cards. */
export function useSchemasPage() {
  const siteId = Number(useParams().siteId);
  const isValidSite = Number.isInteger(siteId) && siteId > 0;
  const site = useQuery({ ...siteQuery(siteId), enabled: isValidSite });
  const schemas = useQuery({ ...schemasQuery(siteId), enabled: isValidSite });
  const zone = site.data?.timezone;
  return {
    siteId,
    site: site.data ?? null,
    canEdit: site.data?.can_edit ?? false,
    /** Every time on the page is the site's, with its zone named. */
    timeZone: zone !== undefined && isKnownTimeZone(zone) ? zone : 'UTC',
    cards: (schemas.data ?? []).map(schemaCardOf),
    isLoading:
      (site.isPending && site.fetchStatus !== 'idle') ||
      (schemas.isPending && schemas.fetchStatus !== 'idle'),
    error: site.error ?? schemas.error ?? null,
  };
}
