import { type FeedAuthFrame, LIVE_FEED_CLOSE, type StateTree } from '@vigil/contracts';

/** connecting: first attempt; live: authenticated and open; reconnecting: lost, trying again; forbidden: 4403. */
export type FeedStatus = 'connecting' | 'live' | 'reconnecting' | 'forbidden';

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/** Back-off before the next attempt: 1 s doubling to 30 s, with up to a fifth of jitter so tabs spread out. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 - 0.2 * random()));
}

/** The feed's address on the page's own host; the token goes in the first frame, not the URL. */
export function feedUrl(location: Pick<Location, 'protocol' | 'host'>, udfId: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws/device-data/${encodeURIComponent(udfId)}/`;
}

/** A frame is a state tree when it has the tree's top-level shape (the server validated it at ingest). */
export function isStateTree(value: unknown): value is StateTree {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const tree = value as Partial<StateTree>;
  return Array.isArray(tree.groups) && typeof tree.device === 'object' && tree.device !== null;
}

export type FeedCallbacks = {
  getToken: () => string | null;
  onTree: (tree: StateTree) => void;
  onStatus: (status: FeedStatus) => void;
  /** 4401: the session is gone; the page goes through the sign-out path (answers whether to retry). */
  onUnauthenticated: () => Promise<boolean>;
};

/**
 * One live feed of a device: opens the socket, authenticates with the auth frame, hands every tree on,
 * and reconnects with back-off after any close except 4403 (stop) and 4401 (sign-out unless it recovers).
 * Answers the function that closes it for good.
 */
export function openDeviceFeed(url: string, callbacks: FeedCallbacks): () => void {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;
  let status: FeedStatus | null = null;
  // Told only on a change: every frame says 'live', and a React state update per frame costs a render check.
  const setStatus = (next: FeedStatus) => {
    if (next !== status) {
      status = next;
      callbacks.onStatus(next);
    }
  };

  const scheduleRetry = () => {
    if (isStopped) {
      return;
    }
    setStatus('reconnecting');
    retry = setTimeout(connect, reconnectDelayMs(attempt));
    attempt += 1;
  };

  function connect(): void {
    const token = callbacks.getToken();
    if (isStopped || token === null) {
      return;
    }
    const current = new WebSocket(url);
    socket = current;
    current.onopen = () => {
      const frame: FeedAuthFrame = { cmd: 'auth', token };
      current.send(JSON.stringify(frame));
    };
    current.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') {
        return;
      }
      let value: unknown;
      try {
        value = JSON.parse(event.data);
      } catch {
        return;
      }
      if (isStateTree(value)) {
        attempt = 0;
        setStatus('live');
        callbacks.onTree(value);
      }
    };
    current.onclose = (event: CloseEvent) => {
      if (isStopped || socket !== current) {
        return;
      }
      socket = null;
      if (event.code === LIVE_FEED_CLOSE.forbidden) {
        isStopped = true;
        setStatus('forbidden');
        return;
      }
      if (event.code === LIVE_FEED_CLOSE.unauthenticated) {
        void callbacks.onUnauthenticated().then((shouldRetry) => (shouldRetry ? scheduleRetry() : undefined));
        return;
      }
      scheduleRetry();
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
