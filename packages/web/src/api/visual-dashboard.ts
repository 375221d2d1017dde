import { queryOptions } from '@tanstack/react-query';
import {
  type LastTimeInAlarm,
  LastTimeInAlarmSchema,
  type MachineDetail,
  MachineDetailSchema,
  type MachineEvent,
  MachineEventListSchema,
  type MachineGraph,
  type MachineTypeJson,
  MachineTypeListSchema,
  type SearchSensorItem,
  SearchSensorItemSchema,
  type Tab,
  type TabSave,
  TabSavedSchema,
  TabSchema,
  type VisualSchema,
  VisualSchemaSchema,
} from '@vigil/contracts';
import { z } from 'zod';
import { apiV2, ignoreBody } from './client';
import { parseMachineGraphs } from './graphs';

/**
 * The visual dashboard's calls (M section 7 'Visual dashboard (api/v2)'; docs/visual-dashboard.md 'Routes'):
 * schemas (versions of a site's diagram), tabs, machine types, sensor search and a machine's details.
 */

const SchemaListSchema = z.array(VisualSchemaSchema);
const SearchSensorListSchema = z.array(SearchSensorItemSchema);
const TabOrderAnswerSchema = z.array(z.object({ id: z.number(), order: z.number() }));

/** Query keys of the visual dashboard; invalidating `all` refreshes every view of it. */
export const visualDashboardKeys = {
  all: ['visual-dashboard'] as const,
  schemas: (siteId: number) => [...visualDashboardKeys.all, 'schemas', siteId] as const,
  schema: (id: number) => [...visualDashboardKeys.all, 'schema', id] as const,
  schemaNotifications: (id: number) => [...visualDashboardKeys.all, 'schema', id, 'notifications'] as const,
  tab: (id: number) => [...visualDashboardKeys.all, 'tab', id] as const,
  machineTypes: () => [...visualDashboardKeys.all, 'machine-types'] as const,
  machine: (id: number) => [...visualDashboardKeys.all, 'machine', id] as const,
  machinePart: (id: number, part: 'last-time-in-alarm' | 'notifications' | 'maintenance' | 'graphs') =>
    [...visualDashboardKeys.machine(id), part] as const,
  sensorSearch: (siteId: number, q: string, schemaId: number | null) =>
    [...visualDashboardKeys.all, 'search-sensor', siteId, q, schemaId] as const,
};

// ---- schemas ----

/** GET schemas/?location=: every version of the site's diagram, newest change first. */
export function listSchemas(siteId: number, signal?: AbortSignal): Promise<VisualSchema[]> {
  return apiV2.get('schemas/', { query: { location: siteId }, parse: SchemaListSchema.parse, signal });
}

export function schemasQuery(siteId: number) {
  return queryOptions({
    queryKey: visualDashboardKeys.schemas(siteId),
    queryFn: ({ signal }) => listSchemas(siteId, signal),
  });
}

export function getSchema(id: number, signal?: AbortSignal): Promise<VisualSchema> {
  return apiV2.get(`schemas/${id}/`, { parse: VisualSchemaSchema.parse, signal });
}

export function schemaQuery(id: number) {
  return queryOptions({
    queryKey: visualDashboardKeys.schema(id),
    queryFn: ({ signal }) => getSchema(id, signal),
  });
}

/** POST schemas/{id}/publish/ {comment}: freezes this version and makes it the site's current one. */
export function publishSchema(id: number, comment: string): Promise<VisualSchema> {
  return apiV2.post(`schemas/${id}/publish/`, { body: { comment }, parse: VisualSchemaSchema.parse });
}

/** POST schemas/{id}/clone/ {name}: an unpublished copy with every tab (201). */
export function cloneSchema(id: number, name: string): Promise<VisualSchema> {
  return apiV2.post(`schemas/${id}/clone/`, { body: { name }, parse: VisualSchemaSchema.parse });
}

export function deleteSchema(id: number): Promise<void> {
  return apiV2.delete(`schemas/${id}/`, { parse: ignoreBody });
}

/** GET schemas/{id}/notifications/: the active alarms of every sensor bound in the schema. */
export function schemaNotificationsQuery(id: number) {
  return queryOptions({
    queryKey: visualDashboardKeys.schemaNotifications(id),
    queryFn: ({ signal }): Promise<MachineEvent[]> =>
      apiV2.get(`schemas/${id}/notifications/`, { parse: MachineEventListSchema.parse, signal }),
  });
}

// ---- tabs ----

export function getTab(id: number, signal?: AbortSignal): Promise<Tab> {
  return apiV2.get(`tabs/${id}/`, { parse: TabSchema.parse, signal });
}

export function tabQuery(id: number) {
  return queryOptions({ queryKey: visualDashboardKeys.tab(id), queryFn: ({ signal }) => getTab(id, signal) });
}

/** POST tabs/ (a new tab, or with `schema: null` a new schema) or PATCH tabs/{id}/ (the tab replaced whole). */
export function saveTab(save: TabSave): Promise<{ id: number; schema: number }> {
  return save.id == null
    ? apiV2.post('tabs/', { body: save, parse: TabSavedSchema.parse })
    : apiV2.patch(`tabs/${save.id}/`, { body: save, parse: TabSavedSchema.parse });
}

export function deleteTab(id: number): Promise<void> {
  return apiV2.delete(`tabs/${id}/`, { parse: ignoreBody });
}

/** POST tabs/{id}/clone/: a copy at the end of the strip, its machines without sensors. */
export function cloneTab(id: number): Promise<{ id: number; schema: number }> {
  return apiV2.post(`tabs/${id}/clone/`, { parse: TabSavedSchema.parse });
}

/** POST update-tabs-order/ [{id, order}]: the places of one schema's tabs in its strip. */
export function updateTabsOrder(order: Array<{ id: number; order: number }>): Promise<unknown> {
  return apiV2.post('update-tabs-order/', { body: order, parse: TabOrderAnswerSchema.parse });
}

// ---- machine types and sensors ----

/** GET type-of-machine/: the library, which never changes while the page is open. */
export function machineTypesQuery() {
  return queryOptions({
    queryKey: visualDashboardKeys.machineTypes(),
    queryFn: ({ signal }): Promise<MachineTypeJson[]> =>
      apiV2.get('type-of-machine/', { parse: MachineTypeListSchema.parse, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export type SensorSearch = { siteId: number; q: string; schemaId: number | null; excludeDevices?: number[] };

/** GET search-sensor/: at most 200 sensors of the site matching `q`, with where each is bound already. */
export function searchSensors(search: SensorSearch, signal?: AbortSignal): Promise<SearchSensorItem[]> {
  return apiV2.get('search-sensor/', {
    query: {
      location: search.siteId,
      q: search.q === '' ? undefined : search.q,
      schema: search.schemaId ?? undefined,
      exclude_devices: search.excludeDevices?.length ? search.excludeDevices.join(',') : undefined,
    },
    parse: SearchSensorListSchema.parse,
    signal,
  });
}

export function sensorSearchQuery(search: SensorSearch) {
  return queryOptions({
    queryKey: visualDashboardKeys.sensorSearch(search.siteId, search.q, search.schemaId),
    queryFn: ({ signal }) => searchSensors(search, signal),
  });
}

// ---- machines ----

export function machineQuery(id: number) {
  return queryOptions({
    queryKey: visualDashboardKeys.machine(id),
    queryFn: ({ signal }): Promise<MachineDetail> =>
      apiV2.get(`machines/${id}/`, { parse: MachineDetailSchema.parse, signal }),
  });
}

export function lastTimeInAlarmQuery(id: number) {
  return queryOptions({
    queryKey: visualDashboardKeys.machinePart(id, 'last-time-in-alarm'),
    queryFn: ({ signal }): Promise<LastTimeInAlarm> =>
      apiV2.get(`machines/${id}/last-time-in-alarm/`, { parse: LastTimeInAlarmSchema.parse, signal }),
  });
}

/** The machine's Active Alarms (`notifications/`) or its maintenance (`maintenance/`), newest first. */
export function machineEventsQuery(id: number, part: 'notifications' | 'maintenance') {
  return queryOptions({
    queryKey: visualDashboardKeys.machinePart(id, part),
    queryFn: ({ signal }): Promise<MachineEvent[]> =>
      apiV2.get(`machines/${id}/${part}/`, { parse: MachineEventListSchema.parse, signal }),
  });
}

/** GET graphs/machine/{id}/: the bound sensors' graphs over the last 24 hours. */
export function machineGraphsQuery(id: number) {
  return queryOptions({
    queryKey: visualDashboardKeys.machinePart(id, 'graphs'),
    queryFn: ({ signal }): Promise<MachineGraph[]> =>
      apiV2.get(`graphs/machine/${id}/`, { parse: parseMachineGraphs, signal }),
  });
}
