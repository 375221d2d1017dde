import type { NotificationPush } from '@vigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSocket, FakeSocket, madeSocket } from '../../test/fake-socket';
import { openAuthenticatedSocket, socketUrl } from '../realtime/authenticated-socket';
import {
  NOTIFICATIONS_ROOM,
  NOTIFICATIONS_SOCKET_PATH,
  parsePush,
  publishPush,
  subscribeToPushes,
} from './notifications-socket';

const PUSH: NotificationPush = { device: null, location: null, count: 3, notifications: [] };

/** The room as useNotificationsSocket opens it, on a fake socket; every push it publishes is collected. */
function open() {
  const pushes: NotificationPush[] = [];
  const leave = subscribeToPushes((push) => pushes.push(push));
  const close = openAuthenticatedSocket(
    socketUrl({ protocol: 'http:', host: 'vigil.test' }, NOTIFICATIONS_SOCKET_PATH),
    {
      ...NOTIFICATIONS_ROOM,
      getToken: () => 'raw.jwt',
      onUnauthenticated: async () => true,
      createSocket: createFakeSocket,
    },
  );
  return {
    pushes,
    close: () => {
      close();
      leave();
    },
  };
}

describe('notifications socket', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('builds the address on the page host', () => {
    expect(socketUrl({ protocol: 'https:', host: 'vigil.test' }, NOTIFICATIONS_SOCKET_PATH)).toBe(
      'wss://vigil.test/ws/current-user-notifications/',
    );
    expect(socketUrl({ protocol: 'http:', host: 'localhost:8080' }, NOTIFICATIONS_SOCKET_PATH)).toBe(
      'ws://localhost:8080/ws/current-user-notifications/',
    );
  });

  it('sends the auth frame with the raw token first, then hands valid pushes on', () => {
    const { pushes, close } = open();
    const socket = madeSocket(0);
    expect(socket.url).toBe('ws://vigil.test/ws/current-user-notifications/');
    socket.onopen?.();
    expect(socket.sent).toEqual([JSON.stringify({ cmd: 'auth', token: 'raw.jwt' })]);
    socket.onmessage?.({ data: JSON.stringify(PUSH) });
    socket.onmessage?.({ data: '{"count":"many"}' });
    socket.onmessage?.({ data: 'not json' });
    close();
    expect(pushes).toEqual([PUSH]);
  });

  it('retries after a 4403 as after any drop', () => {
    const { close } = open();
    madeSocket(0).onclose?.({ code: 4403 });
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.made).toHaveLength(2);
    close();
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
