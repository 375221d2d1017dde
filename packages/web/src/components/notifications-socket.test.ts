import type { NotificationPush } from '@vigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  notificationsSocketUrl,
  openNotificationsSocket,
  parsePush,
  publishPush,
  retryDelayMs,
  subscribeToPushes,
} from './notifications-socket';

const PUSH: NotificationPush = { device: null, location: null, count: 3, notifications: [] };

/** A WebSocket stand-in the test drives: open, frames and closes. */
class FakeSocket {
  static made: FakeSocket[] = [];
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close(code: number) {
    this.closedWith = code;
  }
}

function open(options: { token?: string | null; onUnauthenticated?: () => Promise<boolean> } = {}) {
  const pushes: NotificationPush[] = [];
  const close = openNotificationsSocket('ws://vigil.test/ws/current-user-notifications/', {
    getToken: () => (options.token === undefined ? 'raw.jwt' : options.token),
    onPush: (push) => pushes.push(push),
    onUnauthenticated: options.onUnauthenticated ?? (async () => true),
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
  });
  return { pushes, close };
}

describe('notifications socket', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('builds the address on the page host', () => {
    expect(notificationsSocketUrl({ protocol: 'https:', host: 'vigil.test' })).toBe(
      'wss://vigil.test/ws/current-user-notifications/',
    );
    expect(notificationsSocketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/ws/current-user-notifications/',
    );
  });

  it('sends the auth frame with the raw token first, then hands valid pushes on', () => {
    const { pushes } = open();
    const socket = FakeSocket.made[0] as FakeSocket;
    socket.onopen?.();
    expect(socket.sent).toEqual([JSON.stringify({ cmd: 'auth', token: 'raw.jwt' })]);
    socket.onmessage?.({ data: JSON.stringify(PUSH) });
    socket.onmessage?.({ data: '{"count":"many"}' });
    socket.onmessage?.({ data: 'not json' });
    expect(pushes).toEqual([PUSH]);
  });

  it('reconnects with back-off after a drop and stops on close', () => {
    const { close } = open();
    (FakeSocket.made[0] as FakeSocket).onclose?.({ code: 1006 });
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.made).toHaveLength(2);
    close();
    expect(FakeSocket.made[1]?.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('on 4401 asks whether the session holds before retrying', async () => {
    const onUnauthenticated = vi.fn(async () => false);
    open({ onUnauthenticated });
    (FakeSocket.made[0] as FakeSocket).onclose?.({ code: 4401 });
    await vi.runAllTimersAsync();
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('opens nothing without a token', () => {
    open({ token: null });
    expect(FakeSocket.made).toHaveLength(0);
  });

  it('doubles the delay up to 30 s', () => {
    expect([0, 1, 2, 5, 10].map((attempt) => retryDelayMs(attempt, () => 0))).toEqual([
      1_000, 2_000, 4_000, 30_000, 30_000,
    ]);
    expect(retryDelayMs(0, () => 1)).toBe(800);
  });

  it('parses only pushes of the contract', () => {
    expect(parsePush(JSON.stringify(PUSH))).toEqual(PUSH);
    expect(parsePush('[]')).toBeNull();
  });

  it('reaches every subscriber until it leaves', () => {
    const seen: number[] = [];
    const leave = subscribeToPushes((push) => seen.push(push.count));
    publishPush(PUSH);
    leave();
    publishPush({ ...PUSH, count: 9 });
    expect(seen).toEqual([3]);
  });
});
