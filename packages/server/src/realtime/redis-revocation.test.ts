import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForSockets, postTree } from '../../test/feed-client';
import { buildFeedScene, type FeedScene, openLiveFeed } from '../../test/feed-scene';
import { requireService } from '../../test/services';
import { liveFrameOf, treeOf, waitFor } from '../../test/telemetry';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { findMembership } from '../modules/users/memberships.repo';

// Two Vigil instances on one database and one Redis (CI: TEST_REDIS_URL=redis://127.0.0.1:6379).
const redisUrl = await requireService('redis');
// Ceilings, not sleeps: each wait ends as soon as its event happens.
const CEILING_MS = 60_000;

type Scene = FeedScene;

describe.skipIf(redisUrl === undefined)(
  'live feed sockets on another instance end with access (needs TEST_REDIS_URL)',
  { timeout: 150_000 },
  () => {
    let a: TestApp;
    let b: TestApp;
    let urlB: string;

    const buildScene = () => buildFeedScene(a.db, a.app, b.app);
    /** A socket on instance B that has received a tree ingested by instance A (through Redis). */
    const openFeedOnB = (scene: Scene) => openLiveFeed(urlB, a.app, scene, scene.memberToken, CEILING_MS);

    beforeAll(async () => {
      // A channel prefix of its own, so parallel test files (and runs) never see each other's frames.
      const env = {
        REDIS_URL: redisUrl as string,
        REDIS_CHANNEL_PREFIX: `vigil-test-${process.pid}-${randomBytes(4).toString('hex')}:`,
      };
      a = await buildTestApp({ env });
      b = await buildTestApp({ env, database: a.database });
      await listenForSockets(a.app);
      urlB = await listenForSockets(b.app);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('closes the socket on instance B with 4403 when instance A withdraws the membership', async () => {
      const scene = await buildScene();
      const feed = await openFeedOnB(scene);
      const membership = await findMembership(a.db, scene.member.id, scene.watched.site.id);
      const response = await a.app.inject({
        method: 'PATCH',
        url: `/api/v1/membership/${membership?.id}/`,
        headers: { authorization: scene.adminAuth },
        payload: { has_access: false },
      });
      expect(response.statusCode).toBe(200);
      expect(await feed.closed).toBe(4403);
    });

    it('a device suspended on A while it publishes: B closes its socket 4403 and forgets the device at once', async () => {
      const scene = await buildScene();
      const { identity } = scene.watched;
      const feed = await openFeedOnB(scene);
      // B has the device cached as active (60 s) from the socket's access check.
      expect((await b.app.ingest.directory.findByUdfId(identity.udfId))?.isSuspended).toBe(false);
      const sentAfterSuspend: string[] = [];
      let isSuspended = false;
      let isPublishing = true;
      const publishing = (async () => {
        for (let seed = 1000; isPublishing; seed += 1) {
          const tree = treeOf(identity, seed);
          if (isSuspended) {
            sentAfterSuspend.push(tree);
          }
          await postTree(a.app, identity, tree);
        }
      })();
      await waitFor(() => feed.frames.length > 3, CEILING_MS);

      const response = await a.app.inject({
        method: 'POST',
        url: `/api/v1/devices/${scene.watched.device.id}/suspend/`,
        headers: { authorization: scene.adminAuth },
      });
      isSuspended = true;
      expect(response.statusCode).toBe(200);
      expect(await feed.closed).toBe(4403);
      expect((await b.app.ingest.directory.findByUdfId(identity.udfId))?.isSuspended).toBe(true);
      await waitFor(() => sentAfterSuspend.length >= 3, CEILING_MS);
      isPublishing = false;
      await publishing;
      expect(feed.frames.filter((frame) => sentAfterSuspend.map(liveFrameOf).includes(frame))).toEqual([]);
    });
  },
);
