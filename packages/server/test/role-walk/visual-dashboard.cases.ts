import { eq } from 'drizzle-orm';
import { visualMachines, visualSchemas, visualTabs } from '../../src/db/tables/visual-dashboard.table';
import { A, D, EVERY_SIGNED_IN, PUBLIC, type RouteCase, type Row } from './cases';
import type { World } from './world';

/** Readers of site A1: staff, A's accounts management and A1's members. */
const READ_A1: Row = [A, A, A, A, A, A, D, D];
/** Editors of site A1: staff, accounts management, Manager and Engineer. */
const EDIT_A1: Row = [A, A, A, A, A, D, D, D];

/** A fresh schema of one tab at A1, published or not; answers its id. */
async function schemaAtA1(w: World, isPublished = false): Promise<number> {
  const [schema] = await w.db
    .insert(visualSchemas)
    .values({
      locationId: w.siteA1.id,
      name: 'Walk',
      isPublished,
      publishedAt: isPublished ? new Date() : null,
    })
    .returning();
  await w.db.insert(visualTabs).values({ schemaId: schema?.id ?? 0, name: 'Tab', height: 600, width: 800 });
  return schema?.id ?? 0;
}

/** A fresh machine on a tab of a schema at A1; answers its id. */
async function machineAtA1(w: World): Promise<number> {
  const [schema] = await w.db
    .insert(visualSchemas)
    .values({ locationId: w.siteA1.id, name: 'Walk' })
    .returning();
  const [tab] = await w.db
    .insert(visualTabs)
    .values({ schemaId: schema?.id ?? 0, name: 'Tab', height: 600, width: 800 })
    .returning();
  const [machine] = await w.db
    .insert(visualMachines)
    .values({ tabId: tab?.id ?? 0, name: 'Leg', typeOfMachine: 1, xCoord: 10, yCoord: 10 })
    .returning();
  return machine?.id ?? 0;
}

const sharedMachines = new WeakMap<World, Promise<number>>();

/**
 * One machine at A1 for the calls that only read (machine activity): a schema per role and call would reach the
 * site's limit of 100 schemas.
 */
function sharedMachineAtA1(w: World): Promise<number> {
  const known = sharedMachines.get(w) ?? machineAtA1(w);
  sharedMachines.set(w, known);
  return known;
}

/** The schema of the shared machine. */
async function sharedSchemaAtA1(w: World): Promise<number> {
  const [row] = await w.db
    .select({ schemaId: visualTabs.schemaId })
    .from(visualMachines)
    .innerJoin(visualTabs, eq(visualTabs.id, visualMachines.tabId))
    .where(eq(visualMachines.id, await sharedMachineAtA1(w)));
  return row?.schemaId ?? 0;
}

/** A fresh tab of an unpublished schema at A1; answers its id and its schema's. */
async function tabAtA1(w: World): Promise<{ id: number; schema: number }> {
  const schema = await schemaAtA1(w);
  const [tab] = await w.db.select().from(visualTabs).where(eq(visualTabs.schemaId, schema));
  return { id: tab?.id ?? 0, schema };
}

/** A whole tab save at A1 without machines (`schema` null: in a new schema). */
function tabSave(w: World, schema: number | null) {
  return {
    name: 'Walk tab',
    location: w.siteA1.id,
    schema,
    schema_name: 'Walk',
    height: 600,
    width: 800,
    zoom: 100,
    offset_x: 0,
    offset_y: 0,
    machines: [],
    connectors: [],
    shapes: [],
    text_elements: [],
  };
}

/**
 * The visual dashboard (api/v2). Every person of the world has visual_dashboard_enabled; without it the signed-in
 * calls are 403 (machine-types.routes.test.ts). The pictures are public: an <img> sends no token.
 */
export const visualDashboardCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v2/type-of-machine/',
    request: () => ({ url: '/api/v2/type-of-machine/' }),
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/v2/type-of-machine/{id}/images/{state}/{side}/{size}.svg',
    request: () => ({ url: '/api/v2/type-of-machine/1/images/running/left/large.svg' }),
    expect: PUBLIC,
  },
  {
    method: 'GET',
    route: '/api/v2/search-sensor/',
    request: async (w) => ({ url: `/api/v2/search-sensor/?location=${w.siteA1.id}` }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v2/machines/{id}/',
    request: async (w) => ({ url: `/api/v2/machines/${await machineAtA1(w)}/` }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v2/machines/{id}/last-time-in-alarm/',
    request: async (w) => ({ url: `/api/v2/machines/${await machineAtA1(w)}/last-time-in-alarm/` }),
    expect: READ_A1,
  },
  // Machine activity (machine-activity.routes.ts, machine-graphs.routes.ts)
  {
    method: 'GET',
    route: '/api/v2/machines/{id}/notifications/',
    request: async (w) => ({ url: `/api/v2/machines/${await sharedMachineAtA1(w)}/notifications/` }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v2/machines/{id}/maintenance/',
    request: async (w) => ({ url: `/api/v2/machines/${await sharedMachineAtA1(w)}/maintenance/` }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v2/graphs/machine/{id}/',
    request: async (w) => ({ url: `/api/v2/graphs/machine/${await sharedMachineAtA1(w)}/` }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v2/schemas/{id}/notifications/',
    request: async (w) => ({ url: `/api/v2/schemas/${await sharedSchemaAtA1(w)}/notifications/` }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v2/schemas/',
    request: async (w) => ({ url: `/api/v2/schemas/?location=${w.siteA1.id}` }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v2/schemas/current/',
    request: async (w) => {
      await schemaAtA1(w, true);
      return { url: `/api/v2/schemas/current/?location=${w.siteA1.id}` };
    },
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v2/schemas/{id}/',
    request: async (w) => ({ url: `/api/v2/schemas/${await schemaAtA1(w)}/` }),
    expect: READ_A1,
  },
  {
    method: 'DELETE',
    route: '/api/v2/schemas/{id}/',
    request: async (w) => ({ url: `/api/v2/schemas/${await schemaAtA1(w)}/` }),
    expect: EDIT_A1,
  },
  {
    method: 'POST',
    route: '/api/v2/schemas/{id}/clone/',
    request: async (w) => ({
      url: `/api/v2/schemas/${await schemaAtA1(w, true)}/clone/`,
      payload: { name: 'Copy' },
    }),
    expect: EDIT_A1,
  },
  {
    method: 'POST',
    route: '/api/v2/schemas/{id}/publish/',
    request: async (w) => ({
      url: `/api/v2/schemas/${await schemaAtA1(w)}/publish/`,
      payload: { comment: 'v1' },
    }),
    expect: EDIT_A1,
  },
  // tabs/ (tabs.routes.ts)
  {
    method: 'GET',
    route: '/api/v2/tabs/{id}/',
    request: async (w) => ({ url: `/api/v2/tabs/${(await tabAtA1(w)).id}/` }),
    expect: READ_A1,
  },
  {
    method: 'POST',
    route: '/api/v2/tabs/',
    request: (w) => ({ url: '/api/v2/tabs/', payload: tabSave(w, null) }),
    expect: EDIT_A1,
  },
  {
    method: 'PATCH',
    route: '/api/v2/tabs/{id}/',
    request: async (w) => {
      const tab = await tabAtA1(w);
      return { url: `/api/v2/tabs/${tab.id}/`, payload: tabSave(w, tab.schema) };
    },
    expect: EDIT_A1,
  },
  {
    method: 'DELETE',
    route: '/api/v2/tabs/{id}/',
    request: async (w) => ({ url: `/api/v2/tabs/${(await tabAtA1(w)).id}/` }),
    expect: EDIT_A1,
  },
  {
    method: 'POST',
    route: '/api/v2/tabs/{id}/clone/',
    request: async (w) => ({ url: `/api/v2/tabs/${(await tabAtA1(w)).id}/clone/` }),
    expect: EDIT_A1,
  },
  {
    method: 'POST',
    route: '/api/v2/update-tabs-order/',
    request: async (w) => ({
      url: '/api/v2/update-tabs-order/',
      payload: [{ id: (await tabAtA1(w)).id, order: 0 }],
    }),
    expect: EDIT_A1,
  },
];
