import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSocket, FakeSocket, madeSocket } from '../../test/fake-socket';
import {
  type AuthenticatedSocketOptions,
  openAuthenticatedSocket,
  reconnectDelayMs,
  type SocketStatus,
  socketUrl,
} from './authenticated-socket';

const ROOM_URL = 'ws://vigil.test/ws/room/';

/** Opens a socket whose messages are frames starting 'msg:'; other frames are dropped. */
function open(options: Partial<AuthenticatedSocketOptions<string>> & { token?: string | null } = {}) {
  const messages: string[] = [];
  const statuses: SocketStatus[] = [];
  const close = openAuthenticatedSocket(ROOM_URL, {
    getToken: () => (options.token === undefined ? 'raw.jwt' : options.token),
    read: (text) => (text.startsWith('msg:') ? text.slice(4) : null),
    onMessage: (message) => messages.push(message),
    onStatus: (status) => statuses.push(status),
    onUnauthenticated: async () => true,
    createSocket: createFakeSocket,
    ...options,
  });
  return { messages, statuses, close };
}

describe('authenticated socket', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('backs off from 1 s, doubling, up to 30 s', () => {
    const noJitter = () => 0;
    expect([0, 1, 2, 3, 4, 5, 6, 12].map((attempt) => reconnectDelayMs(attempt, noJitter))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect([0, 1, 2, 5, 10].map((attempt) => reconnectDelayMs(attempt, () => 0))).toEqual([
      1_000, 2_000, 4_000, 30_000, 30_000,
    ]);
    expect(reconnectDelayMs(0, () => 1)).toBe(800);
  });

  it('builds the address on the page host, wss under https', () => {
    expect(socketUrl({ protocol: 'https:', host: 'vigil.test' }, '/ws/current-user-notifications/')).toBe(
      'wss://vigil.test/ws/current-user-notifications/',
    );
    expect(socketUrl({ protocol: 'http:', host: 'localhost:8080' }, '/ws/current-user-notifications/')).toBe(
      'ws://localhost:8080/ws/current-user-notifications/',
    );
  });

  it('sends the auth frame with the raw token first, then hands on only the frames it reads', () => {
    const { messages } = open();
    const socket = madeSocket(0);
    expect(socket.url).toBe(ROOM_URL);
    socket.onopen?.();
    expect(socket.sent).toEqual([JSON.stringify({ cmd: 'auth', token: 'raw.jwt' })]);
    socket.onmessage?.({ data: 'msg:one' });
    socket.onmessage?.({ data: 'other' });
    socket.onmessage?.({ data: new ArrayBuffer(4) });
    expect(messages).toEqual(['one']);
  });

  it('reconnects within the spread after 1012 (an instance restarting), then backs off from 1 s again', () => {
    const { statuses } = open({ random: () => 1 });
    madeSocket(0).onclose?.({ code: 1012 });
    expect(statuses.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(499);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    // The restarted pair is not up yet: the ordinary back-off follows.
    madeSocket(1).onclose?.({ code: 1006 });
    vi.advanceTimersByTime(799);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);
  });

  it('reconnects with back-off after a drop and stops on close', () => {
    const { close } = open();
    madeSocket(0).onclose?.({ code: 1006 });
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.made).toHaveLength(2);
    close();
    expect(madeSocket(1).closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('tells each status once as it changes, and a message makes the next loss retry from 1 s', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { statuses } = open();
    madeSocket(0).onmessage?.({ data: 'other' });
    expect(statuses).toEqual(['connecting']);
    madeSocket(0).onmessage?.({ data: 'msg:a' });
    madeSocket(0).onmessage?.({ data: 'msg:b' });
    madeSocket(0).onclose?.({ code: 1006 });
    vi.advanceTimersByTime(1_000);
    madeSocket(1).onclose?.({ code: 1011 });
    vi.advanceTimersByTime(1_999);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    madeSocket(2).onmessage?.({ data: 'msg:c' });
    madeSocket(2).onclose?.({ code: 4429 });
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.made).toHaveLength(4);
    expect(statuses).toEqual(['connecting', 'live', 'reconnecting', 'live', 'reconnecting']);
  });

  it('on 4401 asks whether the session holds before retrying', async () => {
    const onUnauthenticated = vi.fn(async () => false);
    open({ onUnauthenticated });
    madeSocket(0).onclose?.({ code: 4401 });
    await vi.runAllTimersAsync();
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('retries after a 4401 once the session still holds, unless closed meanwhile', async () => {
    open();
    madeSocket(0).onclose?.({ code: 4401 });
    await vi.runAllTimersAsync();
    expect(FakeSocket.made).toHaveLength(2);

    let answer: (holds: boolean) => void = () => undefined;
    const { close } = open({ onUnauthenticated: () => new Promise((resolve) => (answer = resolve)) });
    madeSocket(2).onclose?.({ code: 4401 });
    close();
    answer(true);
    await vi.runAllTimersAsync();
    expect(FakeSocket.made).toHaveLength(3);
  });

  it('opens nothing without a token', () => {
    open({ token: null });
    expect(FakeSocket.made).toHaveLength(0);
  });

  it('stops for good on 4403 and says forbidden (the device feed)', () => {
    const { statuses } = open();
    madeSocket(0).onclose?.({ code: 4403 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(statuses).toEqual(['connecting', 'forbidden']);
  });

  it("retries after 4403 like any drop when told to (the notifications socket's rule)", () => {
    const { statuses } = open({ onForbidden: 'retry' });
    madeSocket(0).onclose?.({ code: 4403 });
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.made).toHaveLength(2);
    expect(statuses).toEqual(['connecting', 'reconnecting']);
  });
});
