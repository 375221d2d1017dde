import { LIVE_FEED_CLOSE, type NotificationPush, NotificationPushSchema } from '@vigil/contracts';
import { useEffect, useRef } from 'react';
import { getMe } from '../api/accounts';
import { ApiError, NETWORK_ERROR_STATUS } from '../api/api-error';
import { sessionStore } from '../auth/session-storage';

/**
 * The live notification connection of A section 2 / M section 7 (ws/current-user-notifications/): one socket,
 * opened from the header, whose pushes reach the bell, the toasts and the notifications page through one hub.
 */

export type PushListener = (push: NotificationPush) => void;

const listeners = new Set<PushListener>();

/** Hands a push to every listener (the socket's own path; tests call it too). */
export function publishPush(push: NotificationPush): void {
  for (const listener of listeners) {
    listener(push);
  }
}

export function subscribeToPushes(listener: PushListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** A frame's push, or null for anything else (a bad frame is dropped, never thrown). */
export function parsePush(text: string): NotificationPush | null {
  try {
    const parsed = NotificationPushSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/** Back-off before the next attempt: 1 s doubling to 30 s, less up to a fifth of jitter. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 - 0.2 * random()));
}

/** The socket's address on the page's own host; the token goes in the first frame, not the URL. */
export function notificationsSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws/current-user-notifications/`;
}

export type SocketCallbacks = {
  getToken: () => string | null;
  onPush: PushListener;
  /** 4401: answers whether the session still holds (retry) or ended (stop). */
  onUnauthenticated: () => Promise<boolean>;
  createSocket?: (url: string) => WebSocket;
};

/** Opens the socket, authenticates with `{"cmd":"auth","token"}`, reconnects with back-off; returns close. */
export function openNotificationsSocket(url: string, callbacks: SocketCallbacks): () => void {
  const createSocket = callbacks.createSocket ?? ((address: string) => new WebSocket(address));
  let socket: WebSocket | null = null;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;

  const scheduleRetry = () => {
    if (!isStopped) {
      retry = setTimeout(connect, retryDelayMs(attempt));
      attempt += 1;
    }
  };

  function connect(): void {
    const token = callbacks.getToken();
    if (isStopped || token === null) {
      return;
    }
    const current = createSocket(url);
    socket = current;
    current.onopen = () => current.send(JSON.stringify({ cmd: 'auth', token }));
    current.onmessage = (event: MessageEvent) => {
      const push = typeof event.data === 'string' ? parsePush(event.data) : null;
      if (push !== null) {
        attempt = 0;
        callbacks.onPush(push);
      }
    };
    current.onclose = (event: CloseEvent) => {
      if (isStopped || socket !== current) {
        return;
      }
      socket = null;
      if (event.code === LIVE_FEED_CLOSE.unauthenticated) {
        void callbacks.onUnauthenticated().then((shouldRetry) => (shouldRetry ? scheduleRetry() : undefined));
        return;
      }
      scheduleRetry();
    };
  }

  connect();
  return () => {
    isStopped = true;
    clearTimeout(retry);
    const current = socket;
    socket = null;
    current?.close(1000);
  };
}

/**
 * Opens the connection while the header is mounted (signed in, past two-factor) and closes it on leave;
 * on 4401 it asks me/ again: a refusal there runs the client's sign-out path.
 */
export function useNotificationsSocket(): void {
  useEffect(
    () =>
      openNotificationsSocket(notificationsSocketUrl(window.location), {
        getToken: () => sessionStore.getToken(),
        onPush: publishPush,
        onUnauthenticated: async () => {
          try {
            await getMe();
            return true;
          } catch (error) {
            return error instanceof ApiError && error.status === NETWORK_ERROR_STATUS;
          }
        },
      }),
    [],
  );
}

/** Calls `listener` with every push while the calling component is mounted (latest listener wins). */
export function usePushes(listener: PushListener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribeToPushes((push) => latest.current(push)), []);
}
