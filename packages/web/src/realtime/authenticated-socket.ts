import { type FeedAuthFrame, LIVE_FEED_CLOSE, RESTART_RECONNECT_SPREAD_MS } from '@vigil/contracts';

/** connecting: first attempt; live: a message arrived; reconnecting: lost, trying again; forbidden: 4403 stopped it. */
export type SocketStatus = 'connecting' | 'live' | 'reconnecting' | 'forbidden';

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/** Back-off before the next attempt: 1 s doubling to 30 s, less up to a fifth of jitter so tabs spread out. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 - 0.2 * random()));
}

/** A socket's address on the page's own host (wss under https); the token goes in the first frame, not the URL. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>, path: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path}`;
}

export type AuthenticatedSocketOptions<T> = {
  /** Read at every attempt; null opens nothing (signed out). */
  getToken: () => string | null;
  /** A text frame as the message it carries, or null for a frame to drop. Runs for every text frame. */
  read: (text: string) => T | null;
  /** Every message read; the socket is live from the first one, and the next loss retries from 1 s. */
  onMessage: (message: T) => void;
  /** Told only on a change: every message proves the socket live, and a React update per message costs a render check. */
  onStatus?: (status: SocketStatus) => void;
  /** 4401: the session is gone; the page goes through the sign-out path and answers whether to retry. */
  onUnauthenticated: () => Promise<boolean>;
  /** 4403: 'stop' for good with status 'forbidden' (the default), or 'retry' like any other close. */
  onForbidden?: 'stop' | 'retry';
  createSocket?: (url: string) => WebSocket;
  /** The jitter's source (tests). */
  random?: () => number;
};

/**
 * Opens an authenticated socket (wire-formats.md 'WebSockets'): sends `{"cmd":"auth","token"}` as the first
 * frame, hands each message on, and reconnects with back-off after any close except 4401 (sign-out unless the
 * session recovers) and, unless told otherwise, 4403 (stop). Answers the function that closes it for good.
 */
export function openAuthenticatedSocket<T>(url: string, options: AuthenticatedSocketOptions<T>): () => void {
  const createSocket = options.createSocket ?? ((address: string) => new WebSocket(address));
  const random = options.random ?? Math.random;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;
  let status: SocketStatus | null = null;
  const setStatus = (next: SocketStatus) => {
    if (next !== status) {
      status = next;
      options.onStatus?.(next);
    }
  };

  const scheduleRetry = () => {
    if (isStopped) {
      return;
    }
    setStatus('reconnecting');
    retry = setTimeout(connect, reconnectDelayMs(attempt, random));
    attempt += 1;
  };

  const handleClose = (code: number) => {
    if (code === LIVE_FEED_CLOSE.forbidden && options.onForbidden !== 'retry') {
      isStopped = true;
      setStatus('forbidden');
      return;
    }
    if (code === LIVE_FEED_CLOSE.unauthenticated) {
      void options.onUnauthenticated().then((shouldRetry) => (shouldRetry ? scheduleRetry() : undefined));
      return;
    }
    if (code === LIVE_FEED_CLOSE.serviceRestart) {
      // The instance is restarting: another answers now, so no back-off, only a spread (then back-off again).
      attempt = 0;
      setStatus('reconnecting');
      retry = setTimeout(connect, Math.round(RESTART_RECONNECT_SPREAD_MS * random()));
      return;
    }
    scheduleRetry();
  };

  function connect(): void {
    const token = options.getToken();
    if (isStopped || token === null) {
      return;
    }
    const current = createSocket(url);
    socket = current;
    current.onopen = () => {
      const frame: FeedAuthFrame = { cmd: 'auth', token };
      current.send(JSON.stringify(frame));
    };
    current.onmessage = (event: MessageEvent) => {
      const message = typeof event.data === 'string' ? options.read(event.data) : null;
      if (message === null) {
        return;
      }
      if (!isStopped && socket === current) {
        attempt = 0;
        setStatus('live');
      }
      options.onMessage(message);
    };
    current.onclose = (event: CloseEvent) => {
      if (isStopped || socket !== current) {
        return;
      }
      socket = null;
      handleClose(event.code);
    };
  }

  setStatus('connecting');
  connect();
  return () => {
    isStopped = true;
    clearTimeout(retry);
    const current = socket;
    socket = null;
    current?.close(1000);
  };
}
