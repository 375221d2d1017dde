import { GRAPH_MESSAGES, type GraphArrangement } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignToSite, buildDevice, buildSite, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { signedInAt } from '../../../test/maintenance';
import { call, deviceWithTree, foreignManagerHeader, superuserHeader } from '../../../test/sensor-settings';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import type { ClientRow } from '../../db/tables/clients.table';
import { users } from '../../db/tables/users.table';
import { deleteDevice } from '../devices/devices.repo';
import type { PanelNode } from './f500-nodes';
import { ARRANGEMENT_MESSAGES } from './graph-arrangement';
import { findArrangement } from './graph-arrangement.repo';

const nodesUrl = (id: number) => `/api/v1/graphs/device/${id}/f500-nodes/`;
const updateUrl = (id: number) => `/api/v1/graphs/device/${id}/f500-update-arrangement/`;
const arrangementUrl = (id: number) => `/api/v1/graphs/device/${id}/f500-arrangement/`;

describe('F500 panel through the API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  /** An F500 with its tree stored, and a User (reader) of its site. */
  async function f500WithReader(deviceType: 'F500' | 'F500-UDF' = 'F500') {
    const d = await deviceWithTree(t.app, t.db, deviceType);
    const reader = await signedInAt(t.app, t.db, d.site, 'User');
    return { ...d, ...reader };
  }

  const update = (authorization: string | undefined, id: number, body: unknown) =>
    call(t.app, authorization, 'POST', updateUrl(id), body);

  describe('GET f500-nodes/', () => {
    it("lists the nodes of the latest tree with numeric sensor ids and the sensor settings' names", async () => {
      const d = await f500WithReader();
      const { authorization: manager } = await signedInAt(t.app, t.db, d.site, 'Manager');
      const renamed = await call(
        t.app,
        manager,
        'POST',
        `/api/v1/devices/${d.device.id}/settings/sensor-names`,
        {
          sensor_names: { [`${d.identity.udfId}.net1.n02.1`]: 'Tail bearing' },
        },
      );
      expect(renamed.statusCode).toBe(201);

      const response = await call(t.app, d.authorization, 'GET', nodesUrl(d.device.id));
      expect(response.statusCode).toBe(200);
      const nodes = response.json<PanelNode[]>();
      expect(nodes.map((node) => node.number)).toEqual([1, 2, 3, 4]);
      expect(nodes[1]).toEqual({
        number: 2,
        formated_number: '02',
        key: `${d.identity.udfId}.net1.n02`,
        sensors: [
          { id: 1, name: 'Tail bearing' },
          { id: 2, name: 'Alignment' },
          { id: 3, name: 'Shaft Speed' },
          { id: 4, name: 'Auxiliary Input' },
        ],
      });
      // The JSON carries numbers, not text.
      expect(response.body).toContain('"id":1,');
    });

    it('numbers F500-UDF nodes per network', async () => {
      const d = await f500WithReader('F500-UDF');
      const nodes = (await call(t.app, d.authorization, 'GET', nodesUrl(d.device.id))).json<PanelNode[]>();
      expect(nodes.map((node) => node.number)).toEqual([1001, 1002, 1003, 2001, 2002, 2003]);
    });

    it('answers [] before the first tree, 400 for a device type without nodes', async () => {
      const d = await f500WithReader();
      const fresh = await buildDevice(t.db, d.site, { deviceType: 'F500' });
      const empty = await call(t.app, d.authorization, 'GET', nodesUrl(fresh.id));
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual([]);

      const wdc4 = await deviceWithTree(t.app, t.db, '0300', d.site);
      const refused = await call(t.app, d.authorization, 'GET', nodesUrl(wdc4.device.id));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ non_field_errors: [GRAPH_MESSAGES.notF500] });
    });

    it('refuses a visitor (401), a foreign manager and an unknown device (404), a bad id (400)', async () => {
      const d = await f500WithReader();
      expect((await call(t.app, undefined, 'GET', nodesUrl(d.device.id))).statusCode).toBe(401);
      const foreign = await foreignManagerHeader(t.app, t.db);
      expect((await call(t.app, foreign, 'GET', nodesUrl(d.device.id))).statusCode).toBe(404);
      expect((await call(t.app, d.authorization, 'GET', nodesUrl(2_000_000))).statusCode).toBe(404);
      expect(
        (await call(t.app, d.authorization, 'GET', '/api/v1/graphs/device/x/f500-nodes/')).statusCode,
      ).toBe(400);
      // Staff see every device.
      const staff = await superuserHeader(t.app, t.db);
      expect((await call(t.app, staff, 'GET', nodesUrl(d.device.id))).statusCode).toBe(200);
    });
  });

  describe('POST f500-update-arrangement/ and GET f500-arrangement/', () => {
    it('appends, deletes and cleans, answering 200 with the selection each time; idempotent', async () => {
      const d = await f500WithReader();
      const id = d.device.id;
      const post = async (body: unknown) => {
        const response = await update(d.authorization, id, body);
        expect(response.statusCode).toBe(200);
        return response.json<GraphArrangement>();
      };
      expect((await call(t.app, d.authorization, 'GET', arrangementUrl(id))).json()).toEqual({ nodes: [] });

      await post({ action: 'append', graph_type: 'day', node: 2, sensor: 3 });
      await post({ action: 'append', graph_type: 'day', node: '2', sensor: '1' });
      await post({ action: 'append', graph_type: 'day', node: 2, sensor: 1 });
      expect(await post({ action: 'append', graph_type: 'live', node: 4 })).toEqual({
        nodes: [
          { node: 2, sensors: ['1', '3'] },
          { node: 4, sensors: [] },
        ],
      });
      expect(await post({ action: 'delete', graph_type: 'day', node: 4, sensor: 2 })).toEqual({
        nodes: [
          { node: 2, sensors: ['1', '3'] },
          { node: 4, sensors: ['1', '3', '4'] },
        ],
      });
      expect(await post({ action: 'delete', node: 2 })).toEqual({
        nodes: [{ node: 4, sensors: ['1', '3', '4'] }],
      });
      expect((await call(t.app, d.authorization, 'GET', arrangementUrl(id))).json()).toEqual({
        nodes: [{ node: 4, sensors: ['1', '3', '4'] }],
      });
      expect(await post({ action: 'clean', graph_type: 'day' })).toEqual({ nodes: [] });
      expect(await post({ action: 'clean' })).toEqual({ nodes: [] });
    });

    it('keeps one selection per person: another reader of the site has their own', async () => {
      const d = await f500WithReader();
      const other = await signedInAt(t.app, t.db, d.site, 'Engineer');
      expect((await update(d.authorization, d.device.id, { action: 'append', node: 1 })).statusCode).toBe(
        200,
      );
      expect((await call(t.app, other.authorization, 'GET', arrangementUrl(d.device.id))).json()).toEqual({
        nodes: [],
      });
      expect((await update(other.authorization, d.device.id, { action: 'clean' })).statusCode).toBe(200);
      expect((await call(t.app, d.authorization, 'GET', arrangementUrl(d.device.id))).json()).toEqual({
        nodes: [{ node: 1, sensors: [] }],
      });
    });

    it('refuses a bad action, node or sensor with a clear 400 and changes nothing', async () => {
      const d = await f500WithReader();
      const id = d.device.id;
      expect((await update(d.authorization, id, { action: 'append', node: 1, sensor: 2 })).statusCode).toBe(
        200,
      );
      const refused = async (body: unknown, expected: Record<string, string[]>) => {
        const response = await update(d.authorization, id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toEqual(expected);
      };
      await refused({ action: 'move', node: 1 }, { action: ["Choose 'append', 'delete' or 'clean'."] });
      await refused({ node: 1 }, { action: ["Choose 'append', 'delete' or 'clean'."] });
      await refused({ action: 'append', node: 'first' }, { node: [ARRANGEMENT_MESSAGES.nodeInvalid] });
      await refused({ action: 'append', node: -1 }, { node: [ARRANGEMENT_MESSAGES.nodeInvalid] });
      await refused(
        { action: 'append', node: 1, sensor: { id: 2 } },
        { sensor: [ARRANGEMENT_MESSAGES.sensorInvalid] },
      );
      await refused(
        { action: 'append', node: 1, sensor: 'x'.repeat(201) },
        { sensor: [ARRANGEMENT_MESSAGES.sensorInvalid] },
      );
      await refused(
        { action: 'append', graph_type: 'x'.repeat(41), node: 1 },
        {
          graph_type: [ARRANGEMENT_MESSAGES.graphTypeInvalid],
        },
      );
      await refused({ action: 'append' }, { node: [ARRANGEMENT_MESSAGES.nodeRequired] });
      await refused({ action: 'append', node: 9 }, { node: [ARRANGEMENT_MESSAGES.unknownNode] });
      await refused(
        { action: 'append', node: 1, sensor: 99 },
        { sensor: [ARRANGEMENT_MESSAGES.unknownSensor] },
      );
      expect((await call(t.app, d.authorization, 'GET', arrangementUrl(id))).json()).toEqual({
        nodes: [{ node: 1, sensors: ['2'] }],
      });
      const notJson = await t.app.inject({
        method: 'POST',
        url: updateUrl(id),
        headers: { authorization: d.authorization, 'content-type': 'application/json' },
        payload: '{',
      });
      expect(notJson.statusCode).toBe(400);
    });

    it('refuses a device type without nodes (400) and a device without a tree has no node to append', async () => {
      const d = await f500WithReader();
      const wdc4 = await deviceWithTree(t.app, t.db, '0300', d.site);
      const refused = await update(d.authorization, wdc4.device.id, { action: 'clean' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ non_field_errors: [GRAPH_MESSAGES.notF500] });
      expect((await call(t.app, d.authorization, 'GET', arrangementUrl(wdc4.device.id))).statusCode).toBe(
        400,
      );

      const fresh = await buildDevice(t.db, d.site, { deviceType: 'F500' });
      const noTree = await update(d.authorization, fresh.id, { action: 'append', node: 1 });
      expect(noTree.json()).toEqual({ node: [ARRANGEMENT_MESSAGES.unknownNode] });
    });

    it('refuses a visitor (401) and a foreign manager (404) before reading the body', async () => {
      const d = await f500WithReader();
      expect((await update(undefined, d.device.id, { action: 'clean' })).statusCode).toBe(401);
      const foreign = await foreignManagerHeader(t.app, t.db);
      expect((await update(foreign, d.device.id, { action: 'clean' })).statusCode).toBe(404);
      expect((await update(foreign, d.device.id, { action: 'nonsense' })).statusCode).toBe(404);
      expect((await call(t.app, foreign, 'GET', arrangementUrl(d.device.id))).statusCode).toBe(404);
      // A person of the same client without access to this site sees nothing either.
      const elsewhere = await buildSite(t.db, { id: d.site.clientId } as ClientRow);
      const { authorization: outsider } = await signedInAt(t.app, t.db, elsewhere, 'Manager');
      expect((await update(outsider, d.device.id, { action: 'clean' })).statusCode).toBe(404);
    });

    it('removes the rows with their person or device', async () => {
      const d = await f500WithReader();
      const person = await buildUser(t.db);
      await assignToSite(t.db, person, d.site, 'User');
      const header = await authHeader(t.app, person.email, TEST_PASSWORD);
      expect((await update(header, d.device.id, { action: 'append', node: 1 })).statusCode).toBe(200);
      expect((await update(d.authorization, d.device.id, { action: 'append', node: 2 })).statusCode).toBe(
        200,
      );

      await t.db.delete(users).where(eq(users.id, person.id));
      expect(await findArrangement(t.db, person.id, d.device.id)).toEqual([]);
      expect(await findArrangement(t.db, d.user.id, d.device.id)).toHaveLength(1);
      await deleteDevice(t.db, d.device.id);
      expect(await findArrangement(t.db, d.user.id, d.device.id)).toEqual([]);
    });
  });
});
