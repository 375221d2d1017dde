import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildClientUser, buildSite, TEST_PASSWORD } from '../../test/factories';
import { type FeedClient, listenForSockets, openFeedClient, postTree } from '../../test/feed-client';
import { requireService } from '../../test/services';
import {
  liveFrameOf,
  metricValue,
  provisionDevice,
  type TestDevice,
  treeOf,
  waitFor,
} from '../../test/telemetry';
import { authHeader, buildTestApp, METRICS_REQUEST, type TestApp } from '../../test/test-app';

// Two Vigil instances on one database and one Redis (CI: TEST_REDIS_URL=redis://127.0.0.1:6379).
const redisUrl = await requireService('redis');

describe.skipIf(redisUrl === undefined)(
  'live feed across instances through Redis (needs TEST_REDIS_URL)',
  () => {
    let a: TestApp;
    let b: TestApp;
    let urlA: string;
    let urlB: string;
    let watched: TestDevice;
    let token: string;

    beforeAll(async () => {
      // A channel prefix of its own, so parallel test files (and runs) never see each other's frames. The
      // warm-up posts until both sockets are live however long that takes: the device budget is off.
      const env = {
        REDIS_URL: redisUrl as string,
        REDIS_CHANNEL_PREFIX: `vigil-test-${process.pid}-${randomBytes(4).toString('hex')}:`,
        DEVICE_MAX_MESSAGES_PER_S: '0',
      };
      a = await buildTestApp({ env });
      b = await buildTestApp({ env, database: a.database });
      urlA = await listenForSockets(a.app);
      urlB = await listenForSockets(b.app);
      const client = await buildClient(a.db);
      const site = await buildSite(a.db, client);
      watched = await provisionDevice(a.db, { site });
      const member = await buildClientUser(a.db, client, { site, permission: 'User' });
      token = (await authHeader(b.app, member.email, TEST_PASSWORD)).slice(4);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    /** Instance A's fan-out counter (vigil_live_trees_<name>_total) as /metrics reports it. */
    const countOnA = async (name: 'published' | 'skipped') =>
      metricValue((await a.app.inject(METRICS_REQUEST)).body, `vigil_live_trees_${name}_total`);

    it('a browser on instance B receives the tree a device sent to instance A, once; so does one on A', async () => {
      const { identity } = watched;
      const onB = await openFeedClient(urlB, identity.udfId, { query: token });
      const onA = await openFeedClient(urlA, identity.udfId, { query: token });
      const sockets: FeedClient[] = [onA, onB];
      try {
        // Both sockets' access checks and Redis subscriptions are done once a tree sent to A reaches both.
        let seed = 1000;
        await waitFor(async () => {
          seed += 1;
          expect(await postTree(a.app, identity, treeOf(identity, seed))).toBe(202);
          return sockets.every((feed) => feed.frames.length > 0);
        });

        const tree = liveFrameOf(treeOf(identity, 7));
        expect(await postTree(a.app, identity, treeOf(identity, 7))).toBe(202);
        await waitFor(() => sockets.every((feed) => feed.frames.includes(tree)));
        // A marker sent to B after the tree reached both: Redis delivers it to each instance after the
        // tree, so any second copy of the tree (locally and through Redis) arrives before it.
        const marker = liveFrameOf(treeOf(identity, 8));
        expect(await postTree(b.app, identity, treeOf(identity, 8))).toBe(202);
        await waitFor(() => sockets.every((feed) => feed.frames.includes(marker)));
        for (const feed of sockets) {
          expect(feed.frames.slice(feed.frames.indexOf(tree))).toEqual([tree, marker]);
          expect(feed.isClosed()).toBe(false);
        }
      } finally {
        onA.socket.close();
        onB.socket.close();
      }
    });

    it('instance A publishes a device nobody watches only while a socket on B watches it', async () => {
      const { identity } = await provisionDevice(a.db, { site: watched.site });
      const skippedBefore = await countOnA('skipped');
      expect(await postTree(a.app, identity, treeOf(identity, 1))).toBe(202);
      expect(await countOnA('skipped')).toBe(skippedBefore + 1);

      const onB = await openFeedClient(urlB, identity.udfId, { query: token });
      let seed = 100;
      await waitFor(async () => {
        seed += 1;
        expect(await postTree(a.app, identity, treeOf(identity, seed))).toBe(202);
        return onB.frames.includes(liveFrameOf(treeOf(identity, seed)));
      });
      expect(await countOnA('published')).toBeGreaterThan(0);

      onB.socket.close();
      await onB.closed;
      // B's unsubscribe notice reaches A within a round trip; the periodic read within a second anyway.
      await waitFor(async () => {
        const skipped = await countOnA('skipped');
        seed += 1;
        expect(await postTree(a.app, identity, treeOf(identity, seed))).toBe(202);
        return (await countOnA('skipped')) > skipped;
      });
    });
  },
);
