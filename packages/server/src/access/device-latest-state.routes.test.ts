import type { Device } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignToSite, buildClient, buildSite, buildUser, TEST_PASSWORD } from '../../test/factories';
import { type FeedClient, listenForSockets, openFeedClient, postTree } from '../../test/feed-client';
import { superuserHeader } from '../../test/sensor-settings';
import { liveFrameOf, provisionDevice, type TestDevice, treeOf, waitFor } from '../../test/telemetry';
import { authHeader, buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 23 (docs/permissions.md 'Device history'): right after a device moves to another client, before it
 * reports again, the new client's people see it as a device that has not reported yet: no first frame on
 * ws/device-data/ from the tree recorded under the previous owner, and no last_seen_at of the previous owner's
 * time. Staff see the latest tree and time whoever they were recorded for.
 */

describe('the latest state of a device moved to another client', () => {
  let t: TestApp;
  let socketUrl: string;
  let moved: TestDevice;
  let siteBId: number;
  let managerB: string;
  let managerA: string;
  let superuser: string;
  /** The tree the device sent while it belonged to client A, as a browser would receive it. */
  let treeOfA: string;
  const feeds: FeedClient[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ env: { DEVICE_MAX_MESSAGES_PER_S: '0' } });
    socketUrl = await listenForSockets(t.app);
    const siteA = await buildSite(t.db, await buildClient(t.db));
    const siteB = await buildSite(t.db, await buildClient(t.db));
    siteBId = siteB.id;
    moved = await provisionDevice(t.db, { site: siteA });
    superuser = await superuserHeader(t.app, t.db);
    const [personA, personB] = [await buildUser(t.db), await buildUser(t.db)];
    await assignToSite(t.db, personA, siteA, 'Manager');
    await assignToSite(t.db, personB, siteB, 'Manager');
    managerA = await authHeader(t.app, personA.email, TEST_PASSWORD);
    managerB = await authHeader(t.app, personB.email, TEST_PASSWORD);

    // Kept as sent: a simulated tree carries the time it was made.
    const sent = treeOf(moved.identity, 7);
    treeOfA = liveFrameOf(sent);
    expect(await postTree(t.app, moved.identity, sent)).toBe(202);
    // The device's 'seen' time is written in a batch after the tree.
    await waitFor(async () => (await deviceAs(managerA)).last_seen_at !== null);
    const move = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/devices/${moved.device.id}/`,
      headers: { authorization: superuser },
      payload: { location: siteB.id },
    });
    expect(move.statusCode, move.body).toBe(200);
  });
  afterAll(async () => {
    for (const feed of feeds) {
      feed.socket.terminate();
    }
    await t.close();
  });

  async function deviceAs(authorization: string): Promise<Device> {
    const response = await t.app.inject({
      url: `/api/v1/devices/${moved.device.id}/`,
      headers: { authorization },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Device>();
  }

  async function feedAs(authorization: string): Promise<FeedClient> {
    const feed = await openFeedClient(socketUrl, moved.identity.udfId, { query: authorization.slice(4) });
    feeds.push(feed);
    return feed;
  }

  it("reads as a device that has not reported yet for the new client's people, with its time for staff", async () => {
    expect((await deviceAs(managerB)).last_seen_at).toBeNull();
    expect((await deviceAs(superuser)).last_seen_at).not.toBeNull();
    // devices/ answers the site's devices as a list (the earlier client's shape), devices/all/ a page.
    const site = await t.app.inject({
      url: `/api/v1/devices/?location=${siteBId}`,
      headers: { authorization: managerB },
    });
    const all = await t.app.inject({ url: '/api/v1/devices/all/', headers: { authorization: managerB } });
    for (const results of [site.json<Device[]>(), all.json<{ results: Device[] }>().results]) {
      expect(results.find((device) => device.id === moved.device.id)?.last_seen_at).toBeNull();
    }
    // The previous client's people no longer see the device at all.
    const foreign = await t.app.inject({
      url: `/api/v1/devices/${moved.device.id}/`,
      headers: { authorization: managerA },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("sends the new client's socket the device's next tree first, never the one recorded under the previous owner", async () => {
    const newOwner = await feedAs(managerB);
    // Opened after the new owner's: once staff have the held tree at once, the new owner's check has run too.
    const staff = await feedAs(superuser);
    await waitFor(() => staff.frames.length > 0);
    expect(staff.frames[0]).toBe(treeOfA);

    let seed = 100;
    await waitFor(async () => {
      seed += 1;
      expect(await postTree(t.app, moved.identity, treeOf(moved.identity, seed))).toBe(202);
      return newOwner.frames.length > 0;
    });
    expect(newOwner.frames).not.toContain(treeOfA);
    expect(newOwner.isClosed()).toBe(false);
    // Once the device reports under its new client, it is heard from again.
    await waitFor(async () => (await deviceAs(managerB)).last_seen_at !== null);
  });
});
