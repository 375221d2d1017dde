import { listSensors, type StateTree, type Tab, VISUAL_MESSAGES } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildDevice, buildSite } from '../../../test/factories';
import { tabSavePayload, visualPersonAt } from '../../../test/fixtures/visual-dashboard';
import { treeOf } from '../../../test/telemetry';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import type { LocationRow } from '../../db/tables/sites.table';
import { visualSchemas, visualTabs } from '../../db/tables/visual-dashboard.table';
import { upsertDeviceStates } from '../telemetry/telemetry.repo';
import { VISUAL_DASHBOARD_DISABLED } from './visual-dashboard-access';

const BASE = '/api/v2/tabs/';

describe('tabs/ of the visual dashboard', () => {
  let t: TestApp;
  let site: LocationRow;
  let schemaId: number;
  let sensors: { id: string; name: string }[];
  let bareSensor: string;
  const headers: Record<'editor' | 'reader' | 'disabled' | 'foreign', string> = {
    editor: '',
    reader: '',
    disabled: '',
    foreign: '',
  };

  const person = (at: LocationRow, permission: 'User' | 'Engineer', enabled = true) =>
    visualPersonAt(t.app, t.db, at, permission, enabled);

  /** A save of one tab at the site: a bucket elevator bound to `bound` feeding a belt conveyor (new machines). */
  const save = (overrides: object = {}, bound: string[] = []) =>
    tabSavePayload({ location: site.id, schema: schemaId }, bound, overrides);

  beforeAll(async () => {
    t = await buildTestApp();
    site = await buildSite(t.db, await buildClient(t.db));
    const foreignSite = await buildSite(t.db, await buildClient(t.db));
    const device = await buildDevice(t.db, site);
    const tree = JSON.parse(treeOf(device)) as StateTree;
    await upsertDeviceStates(t.db, [{ deviceId: device.id, tree, receivedAt: new Date(), deviceTime: null }]);
    sensors = listSensors(tree)
      .filter((entry) => entry.groupPath.length > 0)
      .slice(0, 3)
      .map((entry) => ({ id: entry.fullId, name: entry.sensor.Name }));
    bareSensor = `${(await buildDevice(t.db, site)).udfId}.head.1`;
    headers.editor = await person(site, 'Engineer');
    headers.reader = await person(site, 'User');
    headers.disabled = await person(site, 'Engineer', false);
    headers.foreign = await person(foreignSite, 'Engineer');
    const [schema] = await t.db
      .insert(visualSchemas)
      .values({ locationId: site.id, name: 'Plant' })
      .returning();
    schemaId = schema?.id ?? 0;
  });
  afterAll(async () => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    authorization: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: authorization === '' ? {} : { authorization },
      payload: payload as object,
    });

  it('saves a new tab whole, reads it back with named sensors, and replaces it with PATCH', async () => {
    const ids = sensors.map((sensor) => sensor.id);
    const created = await call('POST', BASE, headers.editor, save({}, [ids[0] ?? '', bareSensor]));
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number; schema: number }>();
    expect(created.json()).toEqual({ id, schema: schemaId });

    const read = await call('GET', `${BASE}${id}/`, headers.reader);
    expect(read.statusCode).toBe(200);
    const tab = read.json<Tab>();
    expect(tab).toMatchObject({
      id,
      name: 'Receiving',
      schema: schemaId,
      width: 800,
      text_elements: [{ value: 'Pit' }],
    });
    const [leg, belt] = tab.machines;
    expect(leg?.sensors[0]?.sensor).toMatchObject({ id: ids[0], name: sensors[0]?.name });
    expect(leg?.sensors[0]?.sensor.group_name).not.toBe('');
    // A device without a stored tree: the full id and no group.
    expect(leg?.sensors[1]?.sensor).toMatchObject({ id: bareSensor, name: bareSensor, group_name: '' });
    expect(tab.connectors).toEqual([
      expect.objectContaining({ start_machine: leg?.id, start_anchor_point: 152, end_machine: belt?.id }),
    ]);

    // PATCH: the leg kept by id (bound to another sensor), the belt dropped, a new hopper by frontend_id.
    const [, second] = ids;
    const replaced = await call(
      'PATCH',
      `${BASE}${id}/`,
      headers.editor,
      save({
        id,
        name: 'Receiving 2',
        machines: [
          { ...save({}, [second ?? '']).machines[0], id: leg?.id },
          {
            frontend_id: 'pit',
            name: 'Pit',
            x_coord: 0,
            y_coord: 0,
            scale: 1,
            flip: false,
            type_of_machine: 1,
            sensors: [],
          },
        ],
        connectors: [{ start_machine: leg?.id, start_anchor_point: 151, additional_points: [] }],
      }),
    );
    expect(replaced.statusCode).toBe(200);
    const after = (await call('GET', `${BASE}${id}/`, headers.reader)).json<Tab>();
    expect(after.name).toBe('Receiving 2');
    expect(after.machines.map((machine) => machine.name)).toEqual(['Leg 1', 'Pit']);
    expect(after.machines[0]?.id).toBe(leg?.id);
    expect(after.machines[0]?.sensors.map((bound) => bound.sensor.id)).toEqual([second]);
    expect(after.connectors).toEqual([
      expect.objectContaining({ start_machine: leg?.id, end_machine: null }),
    ]);
  });

  it('refuses a bad save with field messages and changes nothing', async () => {
    const [first, second] = sensors.map((sensor) => sensor.id);
    const bad = [
      save({ machines: [{ ...save().machines[0], type_of_machine: 99 }] }),
      save({}, [`${first}.nope`]),
      save({}, ['nodevice.a.b']),
      save({ machines: [{ ...save().machines[0], sensors: [{ sensor_point: 201, sensor: second }] }] }),
      save({ connectors: [{ start_m_fe_id: 'leg', start_anchor_point: 251, additional_points: [] }] }),
      save({ connectors: [{ start_m_fe_id: 'ghost', start_anchor_point: 151, additional_points: [] }] }),
      save({ machines: [save().machines[0], save().machines[0]] }),
      save({ schema: null }),
      save({ name: '' }),
    ];
    const messages: string[] = [];
    for (const payload of bad) {
      const answer = await call('POST', BASE, headers.editor, payload);
      expect(answer.statusCode).toBe(400);
      messages.push(JSON.stringify(answer.json()));
    }
    const tabs = await t.db.select().from(visualTabs).where(eq(visualTabs.schemaId, schemaId));
    expect(tabs).toHaveLength(1);
    expect(messages[0]).toContain('unknown machine type 99');
    expect(messages[1]).toContain('is not a sensor of this site');
    expect(messages[3]).toContain('sensor point 201 is not a free point of Bucket Elevator');
    expect(messages[6]).toContain('frontend_id leg is used twice');
  });

  it('binds a sensor once in a schema', async () => {
    const taken = sensors[1]?.id ?? '';
    const answer = await call('POST', BASE, headers.editor, save({ name: 'Other' }, [taken]));
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json())).toContain(VISUAL_MESSAGES.alreadyInUse('Leg 1'));
  });

  it('creates a schema with schema_name, clones, reorders and deletes tabs', async () => {
    const created = await call('POST', BASE, headers.editor, save({ schema: null, schema_name: 'Mill' }));
    expect(created.statusCode).toBe(201);
    const { id, schema } = created.json<{ id: number; schema: number }>();
    expect(schema).not.toBe(schemaId);
    const cloned = await call('POST', `${BASE}${id}/clone/`, headers.editor);
    expect(cloned.statusCode).toBe(201);
    const copy = cloned.json<{ id: number; schema: number }>();
    expect(copy.schema).toBe(schema);
    const copied = (await call('GET', `${BASE}${copy.id}/`, headers.reader)).json<Tab>();
    expect(copied.machines).toHaveLength(2);
    expect(copied.connectors).toHaveLength(1);
    const order = [
      { id: copy.id, order: 0 },
      { id, order: 1 },
    ];
    const ordered = await call('POST', '/api/v2/update-tabs-order/', headers.editor, order);
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json()).toEqual(order);
    const mill = (await call('GET', `/api/v2/schemas/${schema}/`, headers.reader)).json<{
      schema_tabs: { id: number }[];
    }>();
    expect(mill.schema_tabs.map((tab) => tab.id)).toEqual([copy.id, id]);
    expect((await call('POST', '/api/v2/update-tabs-order/', headers.editor, [{ id: 'x' }])).statusCode).toBe(
      400,
    );
    expect((await call('DELETE', `${BASE}${copy.id}/`, headers.reader)).statusCode).toBe(403);
    expect((await call('DELETE', `${BASE}${copy.id}/`, headers.editor)).statusCode).toBe(204);
    expect((await call('GET', `${BASE}${copy.id}/`, headers.reader)).statusCode).toBe(404);
  });

  it('freezes the tabs of a published schema', async () => {
    const [published] = await t.db
      .insert(visualSchemas)
      .values({ locationId: site.id, name: 'Frozen', isPublished: true, publishedAt: new Date() })
      .returning();
    const frozen = published?.id ?? 0;
    const refused = await call('POST', BASE, headers.editor, save({ schema: frozen }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: [VISUAL_MESSAGES.modifyPublished] });
    const [tab] = await t.db
      .insert(visualTabs)
      .values({ schemaId: frozen, name: 'Old', height: 600, width: 800 })
      .returning();
    const id = tab?.id ?? 0;
    const frozenOut = { non_field_errors: [VISUAL_MESSAGES.modifyPublished] };
    const changes = [
      await call('PATCH', `${BASE}${id}/`, headers.editor, save({ id, schema: frozen })),
      await call('DELETE', `${BASE}${id}/`, headers.editor),
      await call('POST', `${BASE}${id}/clone/`, headers.editor),
      await call('POST', '/api/v2/update-tabs-order/', headers.editor, [{ id, order: 0 }]),
    ];
    for (const change of changes) {
      expect(change.statusCode).toBe(400);
      expect(change.json()).toEqual(frozenOut);
    }
    expect((await call('GET', `${BASE}${id}/`, headers.reader)).json()).toMatchObject({
      name: 'Old',
      machines: [],
    });
  });

  it('refuses readers (403), other tenants (404), no token (401) and no visual dashboard (403)', async () => {
    const created = await call('POST', BASE, headers.editor, save({ name: 'Roles' }));
    const { id } = created.json<{ id: number }>();
    expect((await call('POST', BASE, headers.reader, save())).statusCode).toBe(403);
    expect((await call('PATCH', `${BASE}${id}/`, headers.reader, save({ id }))).statusCode).toBe(403);
    expect((await call('POST', `${BASE}${id}/clone/`, headers.reader)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}${id}/`, headers.foreign)).statusCode).toBe(404);
    expect((await call('POST', BASE, headers.foreign, save())).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}${id}/`, headers.foreign)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/v2/update-tabs-order/', headers.foreign, [{ id, order: 0 }])).statusCode,
    ).toBe(404);
    expect((await call('GET', `${BASE}${id}/`, '')).statusCode).toBe(401);
    const disabled = await call('GET', `${BASE}${id}/`, headers.disabled);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toEqual({ detail: VISUAL_DASHBOARD_DISABLED });
  });
});
