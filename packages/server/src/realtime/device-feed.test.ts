import type { AddressInfo } from 'node:net';
import { deviceStateTopic } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildClient, buildClientUser, buildSite, TEST_PASSWORD } from '../../test/factories';
import {
  connectDevice,
  provisionDevice,
  startTestBroker,
  type TestDevice,
  treeOf,
} from '../../test/telemetry';
import { authHeader, buildTestApp, type TestApp } from '../../test/test-app';
import type { EmbeddedBroker } from '../ingest/embedded-broker';

type Feed = { socket: WebSocket; frames: Array<{ at: number; data: string }>; closed: Promise<number> };

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
    socket.on('message', (data) => frames.push({ at: performance.now(), data: data.toString() }));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve({ socket, frames, closed }));
      socket.once('error', reject);
    });
  }

  beforeAll(async () => {
    t = await buildTestApp();
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

  it('delivers a published tree within 100 ms, and the latest tree at once to a new socket', async () => {
    const feed = await openFeed(watched.identity.udfId, memberToken);
    const device = await connectDevice(broker.url, watched.identity);
    try {
      // Let the socket's authorization finish before publishing.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const tree = treeOf(watched.identity, 3);
      const sentAt = performance.now();
      device.publish(deviceStateTopic(watched.identity.udfId), tree, { qos: 1 });
      while (feed.frames.length === 0 && performance.now() - sentAt < 2000) {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const frame = feed.frames[0];
      expect(frame?.data).toBe(tree);
      expect((frame?.at ?? Number.POSITIVE_INFINITY) - sentAt).toBeLessThan(100);

      const late = await openFeed(watched.identity.udfId, memberToken);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(late.frames.map((f) => f.data)).toEqual([tree]);
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
