import { type AddressInfo, connect, type NetConnectOpts, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { waitFor } from '../../../test/telemetry';
import { InProcessBus } from '../../realtime/bus';
import { deviceRoom } from '../../realtime/rooms';
import type { Authorization } from '../../realtime/socket-rules';
import type { DeviceFeedGrant } from './device-feed-access';
import { type DeviceFeedSocketDeps, startDeviceFeed } from './device-feed-socket';

const MAX_BUFFERED = 256 * 1024;
const TREE_PADDING = 'x'.repeat(32 * 1024);
/** WebSocket frame header of a text frame over 64 KB at most; trees here are smaller. */
const FRAME_HEADER_BYTES = 10;

const holder = { user: { id: 1 }, session: { id: 's', expiresAt: new Date(Date.now() + 60 * 60 * 1000) } };
const granted: Authorization<DeviceFeedGrant> = {
  ok: true,
  grant: { udfId: 'DEV1', locationId: 1, clientId: 1, visibleSince: undefined },
};

const publishTree = (bus: InProcessBus, json: string) =>
  bus.publish(deviceRoom('DEV1'), { name: 'tree', data: { udfId: 'DEV1', json, receivedAt: new Date() } });

/** A tree of about 32 KB whose `seq` tells the order it was published in. */
const treeNumber = (seq: number) => JSON.stringify({ seq, pad: TREE_PADDING });
const seqOf = (frame: string) => (JSON.parse(frame) as { seq: number }).seq;

type Scene = { bus: InProcessBus; server: WebSocket; client: WebSocket; tcp: Socket; frames: string[] };

describe('the device feed socket with a slow browser', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) {
      cleanup();
    }
  });

  /** A feed socket on a real TCP connection, admitted (a first tree went through). */
  async function openScene(): Promise<Scene> {
    const bus = new InProcessBus();
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => wss.close());
    await new Promise((resolve) => wss.once('listening', resolve));
    const deps: DeviceFeedSocketDeps<typeof holder> = {
      authenticate: async () => holder,
      authorize: async () => granted,
      ingest: { latest: () => undefined },
      bus,
      log: { error: () => {} },
      maxBufferedBytes: MAX_BUFFERED,
    };
    const serverSide = new Promise<WebSocket>((resolve) =>
      wss.once('connection', (socket) => {
        startDeviceFeed(socket, 'DEV1', deps, 'token');
        resolve(socket);
      }),
    );
    let tcp: Socket | undefined;
    const { port } = wss.address() as AddressInfo;
    // The client's own TCP socket, to stop reading from it like a browser that cannot keep up.
    const createConnection = ((options: NetConnectOpts) => {
      tcp = connect(options);
      return tcp;
    }) as typeof connect;
    const client = new WebSocket(`ws://127.0.0.1:${port}/`, { createConnection });
    cleanups.push(() => client.terminate());
    const frames: string[] = [];
    client.on('message', (data) => frames.push(data.toString()));
    await new Promise((resolve) => client.once('open', resolve));
    const server = await serverSide;
    let seq = 0;
    await waitFor(() => {
      publishTree(bus, treeNumber(seq++));
      return frames.length > 0;
    });
    return { bus, server, client, tcp: tcp as Socket, frames };
  }

  it('keeps at most its buffer limit and one tree for a browser that stops reading, then sends the newest', async () => {
    const { bus, server, tcp, frames } = await openScene();
    tcp.pause();
    const supersededBefore = bus.stats.superseded;
    const first = 1_000_000;
    let seq = first;
    let maxBuffered = 0;
    // Publishes until hundreds of trees were replaced unsent: the kernel's buffers are full, and so is the
    // socket's own up to its limit.
    await waitFor(async () => {
      for (let i = 0; i < 50; i++) {
        publishTree(bus, treeNumber(seq++));
        maxBuffered = Math.max(maxBuffered, server.bufferedAmount);
      }
      await new Promise((resolve) => setImmediate(resolve));
      maxBuffered = Math.max(maxBuffered, server.bufferedAmount);
      // A socket that queues everything ends the loop past 16 × its limit, and fails below.
      return bus.stats.superseded - supersededBefore >= 500 || maxBuffered > 16 * MAX_BUFFERED;
    });
    const newest = treeNumber(seq);
    publishTree(bus, newest);
    maxBuffered = Math.max(maxBuffered, server.bufferedAmount);

    expect(maxBuffered).toBeGreaterThan(MAX_BUFFERED);
    expect(maxBuffered).toBeLessThanOrEqual(MAX_BUFFERED + newest.length + FRAME_HEADER_BYTES);

    tcp.resume();
    await waitFor(() => frames.at(-1) === newest);
    const received = frames.map(seqOf).filter((number) => number >= first);
    // In order, none twice, the newest last; every other tree published meanwhile was replaced unsent.
    expect(received).toEqual([...received].sort((x, y) => x - y));
    expect(new Set(received).size).toBe(received.length);
    expect(received.length + bus.stats.superseded - supersededBefore).toBe(seq - first + 1);
  });

  it('sends every tree to a browser that keeps up', async () => {
    const { bus, frames } = await openScene();
    const first = 1_000_000;
    const published = Array.from({ length: 200 }, (_, i) => first + i);
    for (const seq of published) {
      publishTree(bus, treeNumber(seq));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const received = () => frames.map(seqOf).filter((number) => number >= first);
    await waitFor(() => received().length >= published.length);
    expect(received()).toEqual(published);
    expect(bus.stats.superseded).toBe(0);
  });
});
