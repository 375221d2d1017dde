import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../test/factories';
import { authFrame, listenForSockets, openFeedClient, postTree } from '../../../test/feed-client';
import { buildFeedScene, type FeedScene, openLiveFeed as openFeedScene } from '../../../test/feed-scene';
import { liveFrameOf, treeOf, waitFor } from '../../../test/telemetry';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import { sessions } from '../../db/tables/sessions.table';
import { findMembership } from '../users/memberships.repo';

// Ceilings, not sleeps: each wait ends as soon as its event happens.
const CEILING_MS = 60_000;

type Scene = FeedScene;

describe('live feed sockets end when access ends', { timeout: 150_000 }, () => {
  let t: TestApp;
  let baseUrl: string;

  const tokenOf = async (email: string) => (await authHeader(t.app, email, TEST_PASSWORD)).slice(4);

  const buildScene = () => buildFeedScene(t.db, t.app);
  const openLiveFeed = (scene: Scene, token = scene.memberToken) =>
    openFeedScene(baseUrl, t.app, scene, token, CEILING_MS);

  const post = (url: string, authorization: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization }, payload });

  beforeAll(async () => {
    t = await buildTestApp();
    baseUrl = await listenForSockets(t.app);
  });
  afterAll(async () => t.close());

  it('authenticates by a first auth frame, with no token in the URL', async () => {
    const scene = await buildScene();
    const { identity } = scene.watched;
    const feed = await openFeedClient(baseUrl, identity.udfId, { firstFrame: authFrame(scene.memberToken) });
    const tree = treeOf(identity, 41);
    await waitFor(async () => {
      expect(await postTree(t.app, identity, tree)).toBe(202);
      return feed.frames.includes(liveFrameOf(tree));
    }, CEILING_MS);
    expect(feed.isClosed()).toBe(false);
    feed.socket.close();
  });

  it('waits for the first frame: a bad one closes 4401 with nothing sent, the auth frame gets the latest tree', async () => {
    const scene = await buildScene();
    const { identity } = scene.watched;
    const tree = treeOf(identity, 42);
    expect(await postTree(t.app, identity, tree)).toBe(202);
    const bad = [
      'hello',
      '{"cmd":"auth"}',
      `{"cmd":"subscribe","token":"${scene.memberToken}"}`,
      authFrame('x'),
    ];
    for (const firstFrame of bad) {
      const feed = await openFeedClient(baseUrl, identity.udfId, { firstFrame });
      expect(await feed.closed).toBe(4401);
      expect(feed.frames).toEqual([]);
    }
    const good = await openFeedClient(baseUrl, identity.udfId, { firstFrame: authFrame(scene.memberToken) });
    await waitFor(() => good.frames.length > 0 || good.isClosed(), CEILING_MS);
    expect(good.frames).toEqual([liveFrameOf(tree)]);
    good.socket.close();
  });

  it('closes 4401 after the user logs out', async () => {
    const scene = await buildScene();
    const feed = await openLiveFeed(scene);
    const response = await post('/api/v1/accounts/logout/', `JWT ${scene.memberToken}`);
    expect(response.statusCode).toBeLessThan(300);
    expect(await feed.closed).toBe(4401);
  });

  it("closes 4401 after a password change ends the socket's session; the changing session's socket stays", async () => {
    const scene = await buildScene();
    const other = await openLiveFeed(scene);
    const changingToken = await tokenOf(scene.member.email);
    const kept = await openLiveFeed(scene, changingToken);
    const response = await post('/api/v1/accounts/password/change/', `JWT ${changingToken}`, {
      old_password: TEST_PASSWORD,
      new_password1: 'Granary-Ledge-57',
      new_password2: 'Granary-Ledge-57',
    });
    expect(response.statusCode).toBe(201);
    expect(await other.closed).toBe(4401);
    // The kept socket still receives trees.
    const tree = treeOf(scene.watched.identity, 77);
    await waitFor(async () => {
      expect(await postTree(t.app, scene.watched.identity, tree)).toBe(202);
      return kept.frames.includes(liveFrameOf(tree));
    }, CEILING_MS);
    expect(kept.isClosed()).toBe(false);
    kept.socket.close();
  });

  it('closes 4401 when the session expires', async () => {
    const scene = await buildScene();
    // The session ends two seconds from now (the shortest SESSION_TTL_HOURS is an hour).
    const expiresAt = new Date(Date.now() + 2000);
    await t.db.update(sessions).set({ expiresAt }).where(eq(sessions.userId, scene.member.id));
    const feed = await openFeedClient(baseUrl, scene.watched.identity.udfId, { query: scene.memberToken });
    expect(await feed.closed).toBe(4401);
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt.getTime());
  });

  it('closes 4403 after the membership is withdrawn', async () => {
    const scene = await buildScene();
    const feed = await openLiveFeed(scene);
    const membership = await findMembership(t.db, scene.member.id, scene.watched.site.id);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/membership/${membership?.id}/`,
      headers: { authorization: scene.adminAuth },
      payload: { has_access: false },
    });
    expect(response.statusCode).toBe(200);
    expect(await feed.closed).toBe(4403);
  });

  it('closes 4403 after the person is removed from the client', async () => {
    const scene = await buildScene();
    const feed = await openLiveFeed(scene);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${scene.member.id}/`,
      headers: { authorization: scene.adminAuth },
    });
    expect(response.statusCode).toBe(204);
    const code = await feed.closed;
    // Deleted with their last client, the person's token is gone too.
    expect([4401, 4403]).toContain(code);
  });

  it('closes 4403 after the site is suspended, and refuses a new socket', async () => {
    const scene = await buildScene();
    const feed = await openLiveFeed(scene);
    const response = await post(`/api/v1/locations/${scene.watched.site.id}/suspend/`, scene.adminAuth);
    expect(response.statusCode).toBe(200);
    expect(await feed.closed).toBe(4403);
    const again = await openFeedClient(baseUrl, scene.watched.identity.udfId, { query: scene.memberToken });
    expect(await again.closed).toBe(4403);
  });

  it('a device suspended while it publishes: nothing sent after the call returns reaches the socket', async () => {
    const scene = await buildScene();
    const { identity } = scene.watched;
    const feed = await openLiveFeed(scene);
    // The device keeps publishing throughout; each tree is told apart by its seed.
    const sentAfterSuspend: string[] = [];
    let isSuspended = false;
    let isPublishing = true;
    const publishing = (async () => {
      for (let seed = 1000; isPublishing; seed += 1) {
        const tree = treeOf(identity, seed);
        if (isSuspended) {
          sentAfterSuspend.push(tree);
        }
        await postTree(t.app, identity, tree);
      }
    })();
    await waitFor(() => feed.frames.length > 3, CEILING_MS);

    const response = await post(`/api/v1/devices/${scene.watched.device.id}/suspend/`, scene.adminAuth);
    isSuspended = true;
    expect(response.statusCode).toBe(200);
    expect(await feed.closed).toBe(4403);
    await waitFor(() => sentAfterSuspend.length >= 3, CEILING_MS);
    isPublishing = false;
    await publishing;
    expect(feed.frames.filter((frame) => sentAfterSuspend.map(liveFrameOf).includes(frame))).toEqual([]);
  });
});
