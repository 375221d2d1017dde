import type { AddressInfo } from 'node:net';
import { listSensors, type StateTree } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { assignToSite, buildClient, buildSite, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { postTree } from '../../../test/feed-client';
import { tabSavePayload } from '../../../test/fixtures/visual-dashboard';
import { provisionDevice, type TestDevice, treeOf, waitFor } from '../../../test/telemetry';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import type { LocationRow } from '../../db/tables/sites.table';
import {
  visualMachineSensors,
  visualMachines,
  visualSchemas,
  visualTabs,
} from '../../db/tables/visual-dashboard.table';

type Feed = { frames: string[]; closed: Promise<number>; close(): void };

/** The device's tree of a frame, by its udf_id (the frame is the tree as the device sent it). */
const udfOf = (frame: string) => (JSON.parse(frame) as { Id: string }).Id;

describe('ws/tab-devices-data/ and ws/machine-devices-data/', () => {
  let t: TestApp;
  let baseUrl: string;
  let site: LocationRow;
  let onTab: TestDevice;
  let elsewhere: TestDevice;
  let tabId: number;
  let legId: number;
  let beltId: number;
  let schemaId: number;
  const tokens = { member: '', disabled: '', outsider: '', editor: '' };

  const tokenOf = async (email: string) => (await authHeader(t.app, email, TEST_PASSWORD)).slice(4);

  function open(path: string, token: string): Promise<Feed> {
    const socket = new WebSocket(`${baseUrl}${path}?token=${encodeURIComponent(token)}`);
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(data.toString()));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve({ frames, closed, close: () => socket.close() }));
      socket.once('error', reject);
    });
  }

  const bind = (machineId: number, sensorPoint: number, device: TestDevice) =>
    t.db.insert(visualMachineSensors).values({
      machineId,
      sensorPoint,
      schemaId,
      deviceId: device.device.id,
      sensorId: `${device.identity.udfId}.speed.${sensorPoint}`,
    });

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const client = await buildClient(t.db);
    site = await buildSite(t.db, client);
    onTab = await provisionDevice(t.db, { site });
    elsewhere = await provisionDevice(t.db, { site });
    const person = async (at: LocationRow, enabled: boolean) => {
      const user = await buildUser(t.db, { roles: { visualDashboardEnabled: enabled } });
      await assignToSite(t.db, user, at, 'User');
      return tokenOf(user.email);
    };
    tokens.member = await person(site, true);
    const editor = await buildUser(t.db, { roles: { visualDashboardEnabled: true } });
    await assignToSite(t.db, editor, site, 'Engineer');
    tokens.editor = await tokenOf(editor.email);
    tokens.disabled = await person(site, false);
    tokens.outsider = await person(await buildSite(t.db, await buildClient(t.db)), true);

    const [schema] = await t.db
      .insert(visualSchemas)
      .values({ locationId: site.id, name: 'Plant' })
      .returning();
    schemaId = schema?.id ?? 0;
    const [tab] = await t.db
      .insert(visualTabs)
      .values({ schemaId, name: 'Receiving', height: 600, width: 800 })
      .returning();
    tabId = tab?.id ?? 0;
    const machines = await t.db
      .insert(visualMachines)
      .values([
        { tabId, name: 'Leg 1', typeOfMachine: 1, xCoord: 0, yCoord: 0 },
        { tabId, name: 'Belt 1', typeOfMachine: 2, xCoord: 300, yCoord: 0 },
      ])
      .returning();
    legId = machines.find((machine) => machine.name === 'Leg 1')?.id ?? 0;
    beltId = machines.find((machine) => machine.name === 'Belt 1')?.id ?? 0;
    await bind(legId, 101, onTab);
    expect(await postTree(t.app, onTab.identity, treeOf(onTab.identity))).toBe(202);
  });
  afterAll(async () => t.close());

  it("sends the latest tree of the tab's devices at once, then their new trees and no other device's", async () => {
    const feed = await open(`/ws/tab-devices-data/${tabId}/`, tokens.member);
    await waitFor(() => feed.frames.length === 1);
    expect(udfOf(feed.frames[0] ?? '')).toBe(onTab.identity.udfId);
    expect(await postTree(t.app, elsewhere.identity, treeOf(elsewhere.identity))).toBe(202);
    expect(await postTree(t.app, onTab.identity, treeOf(onTab.identity, 2))).toBe(202);
    await waitFor(() => feed.frames.length === 2);
    expect(feed.frames.map(udfOf)).toEqual([onTab.identity.udfId, onTab.identity.udfId]);
    feed.close();
  });

  it('follows a device bound by a save at once, on the tab and on its machine', async () => {
    const tabFeed = await open(`/ws/tab-devices-data/${tabId}/`, tokens.member);
    const beltFeed = await open(`/ws/machine-devices-data/${beltId}/`, tokens.member);
    await waitFor(() => tabFeed.frames.length === 1);
    await bind(beltId, 203, elsewhere);
    t.app.diagramChanges.tabChanged(tabId, [beltId]);
    // The newly followed device's latest tree comes at once, on both sockets.
    await waitFor(() => tabFeed.frames.some((frame) => udfOf(frame) === elsewhere.identity.udfId));
    await waitFor(() => beltFeed.frames.some((frame) => udfOf(frame) === elsewhere.identity.udfId));
    expect(beltFeed.frames.every((frame) => udfOf(frame) === elsewhere.identity.udfId)).toBe(true);
    tabFeed.close();
    beltFeed.close();
  });

  it('follows the bindings a tab save through the API makes, at once', async () => {
    const authorization = `JWT ${tokens.editor}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/tabs/',
      headers: { authorization },
      payload: tabSavePayload({ location: site.id, schema: null }, [], { schema_name: 'Live plant' }),
    });
    expect(created.statusCode).toBe(201);
    const saved = created.json<{ id: number; schema: number }>();
    const feed = await open(`/ws/tab-devices-data/${saved.id}/`, tokens.member);
    const sensorId = listSensors(JSON.parse(treeOf(onTab.identity)) as StateTree)[0]?.fullId ?? '';
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/tabs/${saved.id}/`,
      headers: { authorization },
      payload: tabSavePayload({ location: site.id, schema: saved.schema }, [sensorId]),
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await waitFor(() => feed.frames.length === 1);
    expect(udfOf(feed.frames[0] ?? '')).toBe(onTab.identity.udfId);
    feed.close();
  });

  it('closes 4403 without the visual dashboard, for another tenant and for an unknown tab; 4401 for a bad token', async () => {
    for (const [path, token] of [
      [`/ws/tab-devices-data/${tabId}/`, tokens.disabled],
      [`/ws/tab-devices-data/${tabId}/`, tokens.outsider],
      [`/ws/machine-devices-data/${legId}/`, tokens.outsider],
      ['/ws/tab-devices-data/999999/', tokens.member],
      ['/ws/machine-devices-data/abc/', tokens.member],
    ] as const) {
      expect(await (await open(path, token)).closed, path).toBe(4403);
    }
    expect(await (await open(`/ws/tab-devices-data/${tabId}/`, 'not-a-token')).closed).toBe(4401);
  });
});
