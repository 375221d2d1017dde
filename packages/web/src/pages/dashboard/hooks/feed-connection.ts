import { type FeedAuthFrame, LIVE_FEED_CLOSE } from '@vigil/contracts';

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

export type FeedCallbacks = {
  getToken: () => string | null;
  /** Every text frame as it came: the feed's decoder (feed-decoder.ts) parses it off the page's thread. */
  onText: (text: string) => void;
  onStatus: (status: FeedStatus) => void;
  /** 4401: the session is gone; the page goes through the sign-out path (answers whether to retry). */
  onUnauthenticated: () => Promise<boolean>;
};

export type DeviceFeed = {
  /** The decoder found a state tree in a frame: the feed is live, and the next loss retries from 1 s. */
  treeArrived: () => void;
  /** Closes it for good. */
  close: () => void;
};

/**
 * One live feed of a device: opens the socket, authenticates with the auth frame, hands every text frame
 * on, and reconnects with back-off after any close except 4403 (stop) and 4401 (sign-out unless it recovers).
 */
export function openDeviceFeed(url: string, callbacks: FeedCallbacks): DeviceFeed {
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
      if (typeof event.data === 'string') {
        callbacks.onText(event.data);
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
  return {
    treeArrived: () => {
      if (!isStopped && socket !== null) {
        attempt = 0;
        setStatus('live');
      }
    },
    close: () => {
      isStopped = true;
      clearTimeout(retry);
      const current = socket;
      socket = null;
      current?.close(1000);
    },
  };
}
