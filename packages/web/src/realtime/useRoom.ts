import { useEffect, useRef, useState } from 'react';
import { sessionStore } from '../auth/session-storage';
import { openAuthenticatedSocket, type SocketStatus, socketUrl } from './authenticated-socket';
import { recheckSession } from './session-recheck';

export type RoomOptions<T> = {
  /** A text frame as the room's message, or null for a frame to drop. */
  read: (text: string) => T | null;
  /** Every message, with the latest callback the component rendered. */
  onMessage: (message: T) => void;
  /** False opens nothing (and closes an open socket); true by default. */
  isEnabled?: boolean;
  /** 4403: stop for good (the default) or retry like any other close. */
  onForbidden?: 'stop' | 'retry';
};

/**
 * Keeps a room's socket (`path` on the page's host, e.g. '/ws/current-user-notifications/') open while the
 * calling component is mounted, authenticated with the session's token; a 4401 rechecks the session
 * (session-recheck.ts). Answers the socket's status, null while nothing is open.
 */
export function useRoom<T>(path: string | null, options: RoomOptions<T>): SocketStatus | null {
  const [status, setStatus] = useState<SocketStatus | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const isOpen = path !== null && options.isEnabled !== false;
  useEffect(() => {
    if (path === null || !isOpen) {
      setStatus(null);
      return undefined;
    }
    return openAuthenticatedSocket(socketUrl(window.location, path), {
      getToken: () => sessionStore.getToken(),
      read: (text) => latest.current.read(text),
      onMessage: (message) => latest.current.onMessage(message),
      onStatus: setStatus,
      onUnauthenticated: recheckSession,
      onForbidden: latest.current.onForbidden,
    });
  }, [path, isOpen]);
  return status;
}
