import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { waitFor } from '../../../test/telemetry';
import { InProcessBus } from '../../realtime/bus';
import { deviceRoom } from '../../realtime/rooms';
import { startDeviceFeed } from './device-feed-socket';

/**
 * The first frame of a device moved to another client (issue 23; docs/permissions.md 'Device history'): the
 * latest tree the instance holds is sent at once only when it was received since the device came to the
 * person's client, or to staff (no bound).
 */

const MOVED_AT = new Date('2026-11-27T10:00:00Z');
const tree = (seq: number) => JSON.stringify({ seq });
const seqOf = (frame: string) => (JSON.parse(frame) as { seq: number }).seq;
/** The tree the instance holds; the device's next trees are numbered from here. */
const HELD = 1;
const NEXT = 1000;

describe('the first frame of a device moved to another client', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) {
      cleanup();
    }
  });

  /** A socket whose person reads the device from `visibleSince`; the held tree was received at `receivedAt`. */
  async function framesOf(visibleSince: Date | undefined, receivedAt: Date): Promise<string[]> {
    const bus = new InProcessBus();
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => wss.close());
    await new Promise((resolve) => wss.once('listening', resolve));
    wss.once('connection', (socket) => {
      const holder = {
        user: { id: 1 },
        session: { id: 's', expiresAt: new Date(Date.now() + 60 * 60 * 1000) },
      };
      const access = {
        ok: true as const,
        grant: { udfId: 'DEV1', locationId: 1, clientId: 2, visibleSince },
      };
      const deps = {
        authenticate: async () => holder,
        authorize: async () => access,
        ingest: { latest: () => ({ json: tree(HELD), receivedAt }) },
        bus,
        log: { error: () => {} },
      };
      startDeviceFeed(socket, 'DEV1', deps, 'token');
    });
    const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}/`);
    cleanups.push(() => client.terminate());
    const frames: string[] = [];
    client.on('message', (data) => frames.push(data.toString()));
    await new Promise((resolve) => client.once('open', resolve));
    // The held tree, if sent, goes out when the socket is admitted, before any tree published after.
    let seq = NEXT;
    await waitFor(() => {
      const data = { udfId: 'DEV1', json: tree(seq++), receivedAt: new Date() };
      bus.publish(deviceRoom('DEV1'), { name: 'tree', data });
      return frames.some((frame) => seqOf(frame) >= NEXT);
    });
    return frames;
  }

  it("starts the new owner's socket without the tree received before the move", async () => {
    const frames = await framesOf(MOVED_AT, new Date(MOVED_AT.getTime() - 60_000));
    expect(seqOf(frames[0] as string)).toBeGreaterThanOrEqual(NEXT);
    expect(frames.map(seqOf)).not.toContain(HELD);
  });

  it('sends the new owner a tree received since the move at once', async () => {
    const frames = await framesOf(MOVED_AT, new Date(MOVED_AT.getTime() + 1_000));
    expect(seqOf(frames[0] as string)).toBe(HELD);
  });

  it('sends staff the latest tree whoever it was received for', async () => {
    const frames = await framesOf(undefined, new Date(MOVED_AT.getTime() - 60_000));
    expect(seqOf(frames[0] as string)).toBe(HELD);
  });
});
