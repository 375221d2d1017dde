import { queryOptions } from '@tanstack/react-query';
import {
  type Paginated,
  paginatedSchema,
  SITES_LIST_LIMIT,
  type Site,
  type SiteFormValues,
  type SiteOrdering,
  SiteSchema,
  TimezoneListSchema,
} from '@vigil/contracts';
import { api, ignoreBody } from './client';

const SitePageSchema = paginatedSchema(SiteSchema);

export type SiteListParams = { ordering?: SiteOrdering; isActive?: boolean };

/** Query keys of the sites domain; invalidating `all` refreshes every site view, `lists` the lists only. */
export const siteKeys = {
  all: ['sites'] as const,
  lists: () => [...siteKeys.all, 'list'] as const,
  list: (ordering: SiteOrdering) => [...siteKeys.lists(), ordering] as const,
  one: (id: number) => [...siteKeys.all, 'one', id] as const,
  timezones: () => ['timezones'] as const,
};

/** The current client's sites by title (the pickers), or in the order the sites page chose. */
export function sitesQuery(ordering: SiteOrdering = 'title') {
  return queryOptions({
    queryKey: siteKeys.list(ordering),
    queryFn: ({ signal }) => listSites({ ordering }, signal),
  });
}

export function siteQuery(id: number) {
  return queryOptions({ queryKey: siteKeys.one(id), queryFn: ({ signal }) => getSite(id, signal) });
}

/** GET timezones/, fetched once per session. */
export function timezonesQuery() {
  return queryOptions({
    queryKey: siteKeys.timezones(),
    queryFn: ({ signal }) => listTimezones(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET locations/: the sites of the current client that the user may see (first 100). */
export function listSites(params: SiteListParams = {}, signal?: AbortSignal): Promise<Paginated<Site>> {
  return api.get('locations/', {
    query: { limit: SITES_LIST_LIMIT, offset: 0, ordering: params.ordering, is_active: params.isActive },
    parse: SitePageSchema.parse,
    signal,
  });
}

/** GET locations/{id}/. */
export function getSite(id: number, signal?: AbortSignal): Promise<Site> {
  return api.get(`locations/${id}/`, { parse: SiteSchema.parse, signal });
}

/** POST locations/: answers the new site with its id. */
export function createSite(values: SiteFormValues): Promise<Site> {
  return api.post('locations/', { body: values, parse: SiteSchema.parse });
}

/** PATCH locations/{id}/. */
export function updateSite(id: number, values: Partial<SiteFormValues>): Promise<Site> {
  return api.patch(`locations/${id}/`, { body: values, parse: SiteSchema.parse });
}

/** DELETE locations/{id}/ (204). */
export function deleteSite(id: number): Promise<void> {
  return api.delete(`locations/${id}/`, { parse: ignoreBody });
}

/** POST locations/{id}/suspend/: deactivates or reactivates. */
export function toggleSiteSuspended(id: number): Promise<Site> {
  return api.post(`locations/${id}/suspend/`, { parse: SiteSchema.parse });
}

/** POST locations/{id}/select/: makes the site (and its client) current. */
export function selectSite(id: number): Promise<Site> {
  return api.post(`locations/${id}/select/`, { parse: SiteSchema.parse });
}

/** GET timezones/: IANA names for the site form. */
export function listTimezones(signal?: AbortSignal): Promise<string[]> {
  return api.get('timezones/', { parse: TimezoneListSchema.parse, signal });
}
