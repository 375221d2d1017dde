import { useQuery } from '@tanstack/react-query';
import type { MachineTypeJson } from '@vigil/contracts';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { ApiError, isNotFound } from '../../../api/api-error';
import { siteQuery } from '../../../api/sites';
import {
  machineTypesQuery,
  schemaNotificationsQuery,
  schemaQuery,
  tabQuery,
} from '../../../api/visual-dashboard';
import { isKnownTimeZone } from '../../../time/site-time';
import { tabRedirectOf } from './tab-routing';

/** How often the site (its devices' online flags) and the active alarms are read again while the view is open. */
export const LIVE_VIEW_REFRESH_MS = 30_000;

const positiveId = (text: string | undefined) => {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

/** A 404 is final; other failures are retried twice (the calls still being built answer 404 until they land). */
export const retryUnlessFinal = (count: number, error: unknown) =>
  count < 2 && !isNotFound(error) && !isForbidden(error);

export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** The site's zone, or UTC for a zone the browser cannot read (every time is labelled with its zone). */
export function timeZoneOf(zone: string | undefined): string {
  return zone !== undefined && isKnownTimeZone(zone) ? zone : 'UTC';
}

export function useMachineTypes(): ReadonlyMap<number, MachineTypeJson> {
  const types = useQuery(machineTypesQuery());
  return useMemo(() => new Map((types.data ?? []).map((type) => [type.id, type])), [types.data]);
}

/**
 * /visual-dashboard/site/:siteId/schemas/:schemaId/tabs/:tabId: the site, the schema, the tab and its live room
 * (a tab of the schema only; LiveTab reads it), the schema's active alarms, and where to go instead.
 */
export function useSchemaDetailsPage() {
  const params = useParams();
  const siteId = positiveId(params.siteId);
  const schemaId = positiveId(params.schemaId);
  const tabId = positiveId(params.tabId);
  const site = useQuery({ ...siteQuery(siteId), enabled: siteId > 0, refetchInterval: LIVE_VIEW_REFRESH_MS });
  const schema = useQuery({ ...schemaQuery(schemaId), enabled: schemaId > 0, retry: retryUnlessFinal });
  const isTabOfSchema = schema.data?.schema_tabs.some((tab) => tab.id === tabId) ?? false;
  const tab = useQuery({ ...tabQuery(tabId), enabled: isTabOfSchema, retry: retryUnlessFinal });
  const alarms = useQuery({
    ...schemaNotificationsQuery(schemaId),
    enabled: schemaId > 0,
    retry: retryUnlessFinal,
    refetchInterval: LIVE_VIEW_REFRESH_MS,
  });
  const types = useMachineTypes();
  const canEdit = site.data?.can_edit ?? false;
  const errors = [site.error, schema.error, tab.error];
  const isSchemaOfSite = schema.data === undefined || schema.data.location === siteId;
  return {
    siteId,
    schemaId,
    tabId,
    site: site.data ?? null,
    schema: schema.data ?? null,
    tab: tab.data ?? null,
    types,
    /** The tab's live socket (LiveTab holds its readings); none for a tab id not in the schema. */
    liveRoom: isTabOfSchema ? ({ kind: 'tab', id: tabId } as const) : null,
    alarms,
    canEdit,
    timeZone: timeZoneOf(site.data?.timezone),
    redirect: schema.data === undefined ? null : tabRedirectOf(schema.data, tabId, canEdit),
    isForbidden: errors.some(isForbidden),
    isNotFound:
      siteId === 0 || schemaId === 0 || !isSchemaOfSite || errors.some((error) => isNotFound(error)),
    error: errors.find((error) => error !== null) ?? null,
    isLoading: site.isPending || schema.isPending || (isTabOfSchema && tab.isPending),
  };
}

export type SchemaDetailsPageState = ReturnType<typeof useSchemaDetailsPage>;
