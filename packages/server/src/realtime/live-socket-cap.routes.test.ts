import { LIMIT_MESSAGES, LIVE_SOCKET_CLOSE_TOO_MANY, LIVE_SOCKETS_PER_PERSON } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authFrame, listenForSockets, openFeedClient, postTree } from '../../test/feed-client';
import { buildFeedScene, type FeedScene } from '../../test/feed-scene';
import { treeOf, waitFor } from '../../test/telemetry';
import { buildTestApp, type TestApp } from '../../test/test-app';

/** A person holds at most 20 live sockets (device feeds and the notifications socket together) (issue 23). */

type Opened = { socket: WebSocket; frames: string[]; closed: Promise<{ code: number; reason: string }> };

describe('live sockets per person', () => {
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

  function track(socket: WebSocket): Opened {
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(data.toString()));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    return { socket, frames, closed };
  }

  /** A device feed of the watched device; resolves once admitted (its first tree came) or closed. */
  async function openFeed(token: string): Promise<Opened> {
    const client = await openFeedClient(base, scene.watched.identity.udfId, { query: token });
    const opened = track(client.socket);
    opened.frames.push(...client.frames);
    await Promise.race([waitFor(() => opened.frames.length > 0), opened.closed]);
    return opened;
  }

  /** ws/current-user-notifications/; resolves once admitted (its count came) or closed. */
  async function openNotifications(token: string): Promise<Opened> {
    const socket = new WebSocket(`${base}/ws/current-user-notifications/`);
    const opened = track(socket);
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(authFrame(token));
    await Promise.race([waitFor(() => opened.frames.length > 0), opened.closed]);
    return opened;
  }

  it('admits 20 sockets of one person, closes the 21st of either kind with 4429, and frees a place at close', async () => {
    const held: Opened[] = [];
    for (let index = 0; index < LIVE_SOCKETS_PER_PERSON; index += 1) {
      held.push(
        index % 2 === 0 ? await openFeed(scene.memberToken) : await openNotifications(scene.memberToken),
      );
    }
    expect(held.every((opened) => opened.frames.length > 0)).toBe(true);

    for (const extra of [await openFeed(scene.memberToken), await openNotifications(scene.memberToken)]) {
      expect(await extra.closed).toEqual({
        code: LIVE_SOCKET_CLOSE_TOO_MANY,
        reason: LIMIT_MESSAGES.liveSocketsTooMany,
      });
    }

    // Another person is not counted against the first.
    const other = await openFeed(scene.adminAuth.slice(4));
    expect(other.frames.length).toBeGreaterThan(0);

    held[0]?.socket.close();
    await held[0]?.closed;
    let again: Opened | undefined;
    await waitFor(async () => {
      again = await openFeed(scene.memberToken);
      return again.frames.length > 0;
    });
    expect(again?.frames.length).toBeGreaterThan(0);

    for (const opened of [...held, other, again]) {
      opened?.socket.close();
    }
  });
});
