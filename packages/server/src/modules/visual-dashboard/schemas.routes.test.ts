import { VISUAL_MESSAGES, type VisualSchema } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignToSite,
  buildClient,
  buildDevice,
  buildSite,
  buildUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import type { LocationRow } from '../../db/tables/sites.table';
import {
  visualMachineSensors,
  visualMachines,
  visualSchemas,
  visualTabs,
} from '../../db/tables/visual-dashboard.table';
import { VISUAL_DASHBOARD_DISABLED } from './visual-dashboard-access';

const BASE = '/api/v2/schemas/';

describe('schemas/ of the visual dashboard', () => {
  let t: TestApp;
  let site: LocationRow;
  let foreignSite: LocationRow;
  let sensorId: string;
  let deviceId: number;
  let schemaId: number;
  const headers: Record<'editor' | 'reader' | 'disabled' | 'foreign', string> = {
    editor: '',
    reader: '',
    disabled: '',
    foreign: '',
  };

  /** A person with the visual dashboard (or not) and a role at a site. */
  async function person(at: LocationRow, permission: 'User' | 'Engineer', enabled = true) {
    const user = await buildUser(t.db, {
      fullName: `${permission} Person`,
      roles: { visualDashboardEnabled: enabled },
    });
    await assignToSite(t.db, user, at, permission);
    return { user, authorization: await authHeader(t.app, user.email, TEST_PASSWORD) };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    site = await buildSite(t.db, await buildClient(t.db));
    foreignSite = await buildSite(t.db, await buildClient(t.db));
    const device = await buildDevice(t.db, site);
    deviceId = device.id;
    sensorId = `${device.udfId}.head.1`;
    const editor = await person(site, 'Engineer');
    headers.editor = editor.authorization;
    headers.reader = (await person(site, 'User')).authorization;
    headers.disabled = (await person(site, 'Engineer', false)).authorization;
    headers.foreign = (await person(foreignSite, 'Engineer')).authorization;
    // A schema of one tab with a bucket elevator bound to one sensor (the tab calls come later in issue 25).
    const [schema] = await t.db
      .insert(visualSchemas)
      .values({ locationId: site.id, name: 'Plant A', modifiedById: editor.user.id })
      .returning();
    schemaId = schema?.id ?? 0;
    const [tab] = await t.db
      .insert(visualTabs)
      .values({ schemaId, name: 'Receiving', height: 600, width: 970 })
      .returning();
    const [leg] = await t.db
      .insert(visualMachines)
      .values({ tabId: tab?.id ?? 0, name: 'Leg 1', typeOfMachine: 1, xCoord: 100, yCoord: 80 })
      .returning();
    await t.db
      .insert(visualMachineSensors)
      .values({ machineId: leg?.id ?? 0, sensorPoint: 101, schemaId, deviceId, sensorId });
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, authorization: string, payload?: object) =>
    t.app.inject({ method, url, headers: authorization === '' ? {} : { authorization }, payload });

  it('lists the versions of a site as a plain array, with tabs, bound sensors and devices', async () => {
    const answer = await call('GET', `${BASE}?location=${site.id}`, headers.reader);
    expect(answer.statusCode).toBe(200);
    const [schema] = answer.json<VisualSchema[]>();
    expect(schema).toMatchObject({
      id: schemaId,
      name: 'Plant A',
      comment: null,
      is_published: false,
      modified_by: { first_name: 'Engineer', last_name: 'Person' },
      location: site.id,
      device_ids: [deviceId],
      schema_tabs: [{ name: 'Receiving', sensors_ids: [{ [sensorId]: { machine_name: 'Leg 1' } }] }],
    });
    expect(typeof schema?.update_dt).toBe('number');
  });

  it('refuses without a token (401), without the visual dashboard (403) and another tenant (404)', async () => {
    expect((await call('GET', `${BASE}?location=${site.id}`, '')).statusCode).toBe(401);
    const disabled = await call('GET', `${BASE}${schemaId}/`, headers.disabled);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toEqual({ detail: VISUAL_DASHBOARD_DISABLED });
    expect((await call('GET', `${BASE}?location=${site.id}`, headers.foreign)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}${schemaId}/`, headers.foreign)).statusCode).toBe(404);
    expect(
      (await call('POST', `${BASE}${schemaId}/clone/`, headers.foreign, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await call('GET', `${BASE}?location=abc`, headers.reader)).statusCode).toBe(400);
  });

  it('has no current schema before one is published (404)', async () => {
    expect((await call('GET', `${BASE}current/?location=${site.id}`, headers.reader)).statusCode).toBe(404);
  });

  it('publishes with a comment (editors only), then the version is frozen and current', async () => {
    expect(
      (await call('POST', `${BASE}${schemaId}/publish/`, headers.reader, { comment: 'v1' })).statusCode,
    ).toBe(403);
    const blank = await call('POST', `${BASE}${schemaId}/publish/`, headers.editor, { comment: ' ' });
    expect(blank.statusCode).toBe(400);
    const published = await call('POST', `${BASE}${schemaId}/publish/`, headers.editor, {
      comment: 'First version',
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ id: schemaId, is_published: true, comment: 'First version' });

    const again = await call('POST', `${BASE}${schemaId}/publish/`, headers.editor, { comment: 'v2' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: [VISUAL_MESSAGES.modifyPublished] });
    const removed = await call('DELETE', `${BASE}${schemaId}/`, headers.editor);
    expect(removed.statusCode).toBe(400);
    const current = await call('GET', `${BASE}current/?location=${site.id}`, headers.reader);
    expect(current.json()).toMatchObject({ id: schemaId, is_published: true });
  });

  it('shows the published schema on api/v2/locations/, and none to a person without the visual dashboard', async () => {
    const sites = await call('GET', '/api/v2/locations/', headers.reader);
    expect(sites.statusCode).toBe(200);
    const mine = sites
      .json<Array<{ id: number; published_schema: unknown }>>()
      .find((item) => item.id === site.id);
    expect(mine?.published_schema).toEqual({
      id: schemaId,
      name: 'Plant A',
      schema_tabs: [
        expect.objectContaining({
          name: 'Receiving',
          sensors_ids: [{ [sensorId]: { machine_name: 'Leg 1' } }],
        }),
      ],
    });
    const without = await call('GET', '/api/v2/locations/', headers.disabled);
    const theirs = without
      .json<Array<{ id: number; published_schema: unknown }>>()
      .find((item) => item.id === site.id);
    expect(theirs).toBeDefined();
    expect(theirs?.published_schema).toBeNull();
  });

  it('clones a published schema under a new name with its tabs and bindings, and deletes the copy', async () => {
    expect((await call('POST', `${BASE}${schemaId}/clone/`, headers.editor, { name: '' })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', `${BASE}${schemaId}/clone/`, headers.reader, { name: 'Copy' })).statusCode,
    ).toBe(403);
    const cloned = await call('POST', `${BASE}${schemaId}/clone/`, headers.editor, {
      name: 'Plant A, version 2',
    });
    expect(cloned.statusCode).toBe(201);
    const copy = cloned.json<VisualSchema>();
    expect(copy.id).not.toBe(schemaId);
    expect(copy).toMatchObject({
      name: 'Plant A, version 2',
      is_published: false,
      comment: null,
      device_ids: [deviceId],
      schema_tabs: [{ name: 'Receiving', sensors_ids: [{ [sensorId]: { machine_name: 'Leg 1' } }] }],
    });
    const original = (await call('GET', `${BASE}${schemaId}/`, headers.reader)).json<VisualSchema>();
    expect(copy.schema_tabs[0]?.id).not.toBe(original.schema_tabs[0]?.id);

    const versions = (await call('GET', `${BASE}?location=${site.id}`, headers.reader)).json<
      VisualSchema[]
    >();
    expect(versions.map((version) => version.id)).toEqual([copy.id, schemaId]);

    expect((await call('DELETE', `${BASE}${copy.id}/`, headers.reader)).statusCode).toBe(403);
    expect((await call('DELETE', `${BASE}${copy.id}/`, headers.editor)).statusCode).toBe(204);
    expect((await call('GET', `${BASE}${copy.id}/`, headers.reader)).statusCode).toBe(404);
    // The original keeps its binding: the copy's went with it.
    expect(
      (await call('GET', `${BASE}${schemaId}/`, headers.reader)).json<VisualSchema>().device_ids,
    ).toEqual([deviceId]);
  });
});
