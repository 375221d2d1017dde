import type { AddressInfo } from 'node:net';
import { deviceStateTopic } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildClient, buildClientUser, buildSite, TEST_PASSWORD } from '../../../test/factories';
import {
  connectDevice,
  liveFrameOf,
  provisionDevice,
  startTestBroker,
  type TestDevice,
  treeOf,
  waitFor,
} from '../../../test/telemetry';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import type { EmbeddedBroker } from './embedded-broker';

type Feed = { socket: WebSocket; frames: string[]; closed: Promise<number> };

describe('ws/device-data/:udfId/ live feed', () => {
  let t: TestApp;
  let broker: EmbeddedBroker & { url: string };
  let baseUrl: string;
  let watched: TestDevice;
  let memberToken: string;
  let outsiderToken: string;

  const tokenOf = async (email: string) => (await authHeader(t.app, email, TEST_PASSWORD)).slice(4);

  function openFeed(udfId: string, token: string): Promise<Feed> {
    const socket = new WebSocket(`${baseUrl}/ws/device-data/${udfId}/?token=${encodeURIComponent(token)}`);
    const frames: Feed['frames'] = [];
    socket.on('message', (data) => frames.push(data.toString()));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve({ socket, frames, closed }));
      socket.once('error', reject);
    });
  }

  beforeAll(async () => {
    // The warm-up below publishes until the socket is live, however long that takes on a busy machine:
    // the device budget (tested in embedded-broker.test.ts) is off so no tree here is dropped.
    t = await buildTestApp({ env: { DEVICE_MAX_MESSAGES_PER_S: '0' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    broker = await startTestBroker(t.app.ingest);
    const client = await buildClient(t.db);
    const site = await buildSite(t.db, client);
    watched = await provisionDevice(t.db, { site });
    const member = await buildClientUser(t.db, client, { site, permission: 'User' });
    const otherClient = await buildClient(t.db);
    const outsider = await buildClientUser(t.db, otherClient, {
      site: await buildSite(t.db, otherClient),
      roles: { isManager: true },
      permission: 'Manager',
    });
    memberToken = await tokenOf(member.email);
    outsiderToken = await tokenOf(outsider.email);
  });
  afterAll(async () => {
    await broker.close();
    await t.close();
  });

  // How fast a tree reaches a browser is measured by the ingest benchmark's feed observer (bench/ingest),
  // not here: a busy machine must not turn this test red.
  it('delivers a published tree, and the latest tree at once to a new socket', async () => {
    const feed = await openFeed(watched.identity.udfId, memberToken);
    const device = await connectDevice(broker.url, watched.identity);
    const topic = deviceStateTopic(watched.identity.udfId);
    try {
      // The socket's access check is done once a tree published now reaches it.
      let seed = 1000;
      await waitFor(async () => {
        seed += 1;
        await device.publishAsync(topic, treeOf(watched.identity, seed), { qos: 1 });
        return feed.frames.length > 0;
      });
      const tree = liveFrameOf(treeOf(watched.identity, 3));
      await device.publishAsync(topic, treeOf(watched.identity, 3), { qos: 1 });
      await waitFor(() => feed.frames.includes(tree));

      // The new socket gets the latest tree before anything else is published; a marker published after
      // it has arrived shows the tree was sent once and nothing else came before the marker.
      const late = await openFeed(watched.identity.udfId, memberToken);
      await waitFor(() => late.frames.length > 0);
      const marker = liveFrameOf(treeOf(watched.identity, 4));
      await device.publishAsync(topic, treeOf(watched.identity, 4), { qos: 1 });
      await waitFor(() => late.frames.includes(marker));
      expect(late.frames).toEqual([tree, marker]);
      late.socket.close();
    } finally {
      feed.socket.close();
      await device.endAsync(true);
    }
  });

  it("closes with 4403 for a user without access to the device's site and sends nothing", async () => {
    const feed = await openFeed(watched.identity.udfId, outsiderToken);
    expect(await feed.closed).toBe(4403);
    expect(feed.frames).toEqual([]);
  });

  it('closes with 4403 for an unknown device and 4401 for a bad or missing token', async () => {
    expect(await (await openFeed('NOSUCH', memberToken)).closed).toBe(4403);
    expect(await (await openFeed(watched.identity.udfId, 'not-a-token')).closed).toBe(4401);
    expect(await (await openFeed(watched.identity.udfId, '')).closed).toBe(4401);
  });
});
