import { LIVE_FEED_CLOSE } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForSockets, openFeedClient, postTree } from '../../test/feed-client';
import { buildFeedScene, type FeedScene } from '../../test/feed-scene';
import { treeOf, waitFor } from '../../test/telemetry';
import { buildTestApp, type TestApp } from '../../test/test-app';

/** An instance that stops closes its live sockets with 1012, which the web app answers by reconnecting at once. */
describe('live sockets when the instance stops', () => {
  let t: TestApp;
  let base: string;
  let scene: FeedScene;

  beforeAll(async () => {
    t = await buildTestApp();
    base = await listenForSockets(t.app);
    scene = await buildFeedScene(t.db, t.app);
    expect(await postTree(t.app, scene.watched.identity, treeOf(scene.watched.identity))).toBe(202);
  });
  afterAll(async () => t.close());

  it('closes an open device feed with 1012 Service Restart when the server closes', async () => {
    const client = await openFeedClient(base, scene.watched.identity.udfId, { query: scene.memberToken });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      client.socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    // Admitted: its first tree came.
    await waitFor(() => client.frames.length > 0);
    await t.app.close();
    expect(await closed).toEqual({ code: LIVE_FEED_CLOSE.serviceRestart, reason: 'Service Restart' });
  });
});
