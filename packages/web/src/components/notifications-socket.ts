import { type NotificationPush, NotificationPushSchema } from '@vigil/contracts';
import { useEffect, useRef } from 'react';
import { type RoomOptions, useRoom } from '../realtime/useRoom';

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

/** The socket's path on the page's host (its address: realtime/authenticated-socket.ts `socketUrl`). */
export const NOTIFICATIONS_SOCKET_PATH = '/ws/current-user-notifications/';

/**
 * How the room reads its frames (a push, else dropped) and where pushes go (the hub). Unlike the device feed it
 * has always retried after a 4403 (its server never sends one), so it keeps doing so.
 */
export const NOTIFICATIONS_ROOM = {
  read: parsePush,
  onMessage: publishPush,
  onForbidden: 'retry',
} satisfies RoomOptions<NotificationPush>;

/**
 * Opens the connection while the header is mounted (signed in, past two-factor) and closes it on leave;
 * on 4401 it asks me/ again: a refusal there runs the client's sign-out path.
 */
export function useNotificationsSocket(): void {
  useRoom(NOTIFICATIONS_SOCKET_PATH, NOTIFICATIONS_ROOM);
}

/** Calls `listener` with every push while the calling component is mounted (latest listener wins). */
export function usePushes(listener: PushListener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribeToPushes((push) => latest.current(push)), []);
}
