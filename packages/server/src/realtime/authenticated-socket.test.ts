import type { AddressInfo } from 'node:net';
import { LIMIT_MESSAGES, LIVE_SOCKET_CLOSE_TOO_MANY } from '@vigil/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { waitFor } from '../../test/telemetry';
import { LiveSocketCap } from '../limits/live-socket-cap';
import { AuthenticatedSocket, type AuthenticatedSocketDeps } from './authenticated-socket';
import { InProcessBus } from './bus';
import { siteRoom } from './rooms';
import { type Authorization, concernsSocket, type SocketHolder } from './socket-rules';

/** A grant as a domain would give it: the sites its socket serves. */
type Grant = { siteIds: number[] };

const HOUR_MS = 60 * 60 * 1000;
const holderOf = (userId: number, sessionId = `s-${userId}`, expiresAt = new Date(Date.now() + HOUR_MS)) => ({
  user: { id: userId },
  session: { id: sessionId, expiresAt },
});

/** What the test's domain answers: tokens `user-<id>` are valid while listed; access follows `access`. */
type World = {
  holders: Map<string, SocketHolder>;
  access: Authorization<Grant>;
  authentications: number;
  /** While set, access checks wait for it. */
  pause?: Promise<void>;
};

type Client = {
  socket: WebSocket;
  frames: string[];
  closed: Promise<{ code: number; reason: string }>;
  isClosed(): boolean;
};

describe('the authenticated-socket base', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) {
      cleanup();
    }
  });

  /**
   * A server whose every socket runs on the base with `world`'s answers; each admitted socket joins the
   * rooms of its grant's sites and sends `ready <n>` after its n-th check, and site events as `site <ids>`.
   */
  async function startServer(world: World, deps: Partial<AuthenticatedSocketDeps> = {}) {
    const bus = new InProcessBus();
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => wss.close());
    await new Promise((resolve) => wss.once('listening', resolve));
    const sockets: AuthenticatedSocket<SocketHolder, Grant>[] = [];
    wss.on('connection', (socket, request) => {
      let checks = 0;
      const live: AuthenticatedSocket<SocketHolder, Grant> = new AuthenticatedSocket(
        socket,
        {
          authenticate: async (token) => {
            world.authentications += 1;
            return world.holders.get(token);
          },
          authorize: async () => {
            await world.pause;
            return world.access;
          },
          isConcernedBy: (change, grant) =>
            change.locationId !== undefined && grant.siteIds.includes(change.locationId),
          onAuthorized: (grant) => {
            checks += 1;
            live.joinRooms('site', grant.siteIds, (event) =>
              live.send(`site ${event.data.notificationIds.join(',')}`),
            );
            live.send(`ready ${checks}`);
          },
        },
        { bus, log: { error: () => {} }, failure: { message: 'test socket failed' }, ...deps },
      );
      sockets.push(live);
      const token = new URL(request.url ?? '/', 'http://x').searchParams.get('token') ?? undefined;
      live.start(token);
    });
    const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/`;
    const open = async (auth: { query: string } | { firstFrame: string } | 'nothing'): Promise<Client> => {
      const query = typeof auth === 'object' && 'query' in auth ? `?token=${auth.query}` : '';
      const socket = new WebSocket(`${url}${query}`);
      cleanups.push(() => socket.terminate());
      const frames: string[] = [];
      let isClosed = false;
      socket.on('message', (data) => frames.push(data.toString()));
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        socket.on('close', (code, reason) => {
          isClosed = true;
          resolve({ code, reason: reason.toString() });
        }),
      );
      await new Promise((resolve) => socket.once('open', resolve));
      if (typeof auth === 'object' && 'firstFrame' in auth) {
        socket.send(auth.firstFrame);
      }
      return { socket, frames, closed, isClosed: () => isClosed };
    };
    return { bus, open, sockets };
  }

  const worldOf = (access: Authorization<Grant> = { ok: true, grant: { siteIds: [1] } }): World => ({
    holders: new Map([
      ['user-1', holderOf(1)],
      ['user-2', holderOf(2)],
    ]),
    access,
    authentications: 0,
  });

  it('admits a token from the query or from a first auth frame', async () => {
    const { open } = await startServer(worldOf());
    const byQuery = await open({ query: 'user-1' });
    const byFrame = await open({ firstFrame: JSON.stringify({ cmd: 'auth', token: 'user-2' }) });
    await waitFor(() => byQuery.frames.length > 0 && byFrame.frames.length > 0);
    expect(byQuery.frames).toEqual(['ready 1']);
    expect(byFrame.frames).toEqual(['ready 1']);
  });

  it('closes 4401 for an unknown token, a first frame that is no auth frame, or none in time', async () => {
    const { open } = await startServer(worldOf(), { authTimeoutMs: 200 });
    const invalid = { code: 4401, reason: 'Invalid token.' };
    expect(await (await open({ query: 'user-9' })).closed).toEqual(invalid);
    expect(await (await open({ firstFrame: '{"cmd":"subscribe","token":"user-1"}' })).closed).toEqual(
      invalid,
    );
    const silent = await open('nothing');
    expect(await silent.closed).toEqual(invalid);
    expect(silent.frames).toEqual([]);
  });

  it('closes 4403 when the domain refuses, before sending anything', async () => {
    const { open } = await startServer(worldOf({ ok: false, code: 4403 }));
    const client = await open({ query: 'user-1' });
    expect(await client.closed).toEqual({ code: 4403, reason: 'Permission denied.' });
    expect(client.frames).toEqual([]);
  });

  it('re-checks on a revocation of its session or person and closes 4401; other sessions leave it be', async () => {
    const world = worldOf();
    const { bus, open } = await startServer(world);
    const client = await open({ query: 'user-1' });
    await waitFor(() => client.frames.length > 0);
    const before = world.authentications;
    bus.publishControl({ name: 'session-revoked', data: { sessionId: 's-other' } });
    bus.publishControl({ name: 'session-revoked', data: { userId: 2 } });
    bus.publishControl({ name: 'access-changed', data: { locationId: 5 } });
    world.holders.delete('user-1');
    bus.publishControl({ name: 'session-revoked', data: { sessionId: 's-1' } });
    expect(await client.closed).toEqual({ code: 4401, reason: 'Invalid token.' });
    expect(world.authentications - before).toBe(1);
  });

  it('closes 4403 when a re-check after an access change of its site finds no access', async () => {
    const world = worldOf();
    const { bus, open } = await startServer(world);
    const client = await open({ query: 'user-1' });
    await waitFor(() => client.frames.length > 0);
    world.access = { ok: false, code: 4403 };
    bus.publishControl({ name: 'access-changed', data: { locationId: 1 } });
    expect((await client.closed).code).toBe(4403);
  });

  it("closes 4401 at the session's expiry", async () => {
    const world = worldOf();
    const expiresAt = new Date(Date.now() + 500);
    world.holders.set('user-3', holderOf(3, 's-3', expiresAt));
    const { open } = await startServer(world);
    const client = await open({ query: 'user-3' });
    expect((await client.closed).code).toBe(4401);
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt.getTime());
  });

  it("closes a person's socket past the cap with 4429, and frees the place when one closes", async () => {
    const { open } = await startServer(worldOf(), { liveSockets: new LiveSocketCap(1) });
    const first = await open({ query: 'user-1' });
    await waitFor(() => first.frames.length > 0);
    const second = await open({ query: 'user-1' });
    expect(await second.closed).toEqual({
      code: LIVE_SOCKET_CLOSE_TOO_MANY,
      reason: LIMIT_MESSAGES.liveSocketsTooMany,
    });
    const other = await open({ query: 'user-2' });
    await waitFor(() => other.frames.length > 0);
    first.socket.close();
    await first.closed;
    // The server learns of the close on its own time: a socket opened before that is refused, the next is not.
    let again: Client | undefined;
    await waitFor(async () => {
      const client = await open({ query: 'user-1' });
      await waitFor(() => client.frames.length > 0 || client.isClosed());
      again = client;
      return client.frames.length > 0;
    });
    expect(again?.frames).toEqual(['ready 1']);
  });

  it('keeps its rooms in step with its grant and leaves them when it closes', async () => {
    const world = worldOf();
    const { bus, open } = await startServer(world);
    const client = await open({ query: 'user-1' });
    await waitFor(() => client.frames.length > 0);
    const created = (id: number) => ({
      name: 'notifications-created' as const,
      data: { notificationIds: [id] },
    });
    bus.publish(siteRoom(1), created(10));
    bus.publish(siteRoom(2), created(20));
    world.access = { ok: true, grant: { siteIds: [2] } };
    bus.publishControl({ name: 'access-changed', data: { userId: 1 } });
    await waitFor(() => client.frames.includes('ready 2'));
    bus.publish(siteRoom(1), created(11));
    bus.publish(siteRoom(2), created(21));
    await waitFor(() => client.frames.includes('site 21'));
    expect(client.frames).toEqual(['ready 1', 'site 10', 'ready 2', 'site 21']);

    client.socket.close();
    await client.closed;
    let delivered = 0;
    bus.subscribe(siteRoom(2), () => {
      delivered += 1;
    });
    bus.publish(siteRoom(2), created(22));
    expect(delivered).toBe(1);
  });

  it('holds the latest frame while a re-check runs, and sends it once access holds', async () => {
    const world = worldOf();
    const { bus, open, sockets } = await startServer(world);
    const client = await open({ query: 'user-1' });
    await waitFor(() => client.frames.length > 0);
    const live = sockets[0] as AuthenticatedSocket<SocketHolder, Grant>;
    let release = () => {};
    world.pause = new Promise((resolve) => {
      release = resolve;
    });
    bus.publishControl({ name: 'access-changed', data: { locationId: 1 } });
    live.sendLatest('tree 1');
    live.sendLatest('tree 2');
    release();
    await waitFor(() => client.frames.includes('tree 2'));
    // Sent during the check, a tree would come before 'ready 2'; 'tree 1' was replaced unsent.
    expect(client.frames).toEqual(['ready 1', 'ready 2', 'tree 2']);
    expect(bus.stats.superseded).toBe(1);
  });

  it("holds the latest frame of each stream, so one device never drops another's tree", async () => {
    const world = worldOf();
    const { bus, open, sockets } = await startServer(world);
    const client = await open({ query: 'user-1' });
    await waitFor(() => client.frames.length > 0);
    const live = sockets[0] as AuthenticatedSocket<SocketHolder, Grant>;
    let release = () => {};
    world.pause = new Promise((resolve) => {
      release = resolve;
    });
    bus.publishControl({ name: 'access-changed', data: { locationId: 1 } });
    live.sendLatest('A tree 1', 'A');
    live.sendLatest('B tree 1', 'B');
    live.sendLatest('A tree 2', 'A');
    release();
    await waitFor(() => client.frames.length === 4);
    // The streams go out in the order they first waited, each with its newest frame.
    expect(client.frames).toEqual(['ready 1', 'ready 2', 'A tree 2', 'B tree 1']);
    expect(bus.stats.superseded).toBe(1);
  });

  it('never sends a frame held during a re-check that ends the socket', async () => {
    const world = worldOf();
    const { bus, open, sockets } = await startServer(world);
    const client = await open({ query: 'user-1' });
    await waitFor(() => client.frames.length > 0);
    const live = sockets[0] as AuthenticatedSocket<SocketHolder, Grant>;
    let release = () => {};
    world.pause = new Promise((resolve) => {
      release = resolve;
    });
    bus.publishControl({ name: 'access-changed', data: { locationId: 1 } });
    live.sendLatest('tree 1');
    world.access = { ok: false, code: 4403 };
    release();
    expect((await client.closed).code).toBe(4403);
    expect(client.frames).toEqual(['ready 1']);
  });
});

describe('concernsSocket', () => {
  const holder = holderOf(7, 's-1');
  it('leaves access changes naming something else to the domain, and takes those naming nothing or the person', () => {
    const never = () => false;
    expect(concernsSocket({ name: 'access-changed', data: {} }, holder, {}, never)).toBe(true);
    expect(concernsSocket({ name: 'access-changed', data: { userId: 7 } }, holder, {}, never)).toBe(true);
    expect(concernsSocket({ name: 'access-changed', data: { locationId: 3 } }, holder, {}, never)).toBe(
      false,
    );
    expect(concernsSocket({ name: 'access-changed', data: { locationId: 3 } }, holder, {})).toBe(true);
    expect(concernsSocket({ name: 'session-revoked', data: { sessionId: 's-1' } }, holder, {}, never)).toBe(
      true,
    );
    expect(concernsSocket({ name: 'session-revoked', data: { userId: 8 } }, holder, {})).toBe(false);
  });
});
