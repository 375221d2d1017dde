import {
  openAuthenticatedSocket,
  type SocketStatus,
  socketUrl,
} from '../../../realtime/authenticated-socket';
import type { TreeChanges } from '../tree-diff';
import { createFrameReader } from './frame-reader';

/** connecting: first attempt; live: a tree arrived; reconnecting: lost, trying again; forbidden: 4403. */
export type FeedStatus = SocketStatus;

/** The device's feed on the page's own host; the token goes in the first frame, not the URL. */
export function feedUrl(location: Pick<Location, 'protocol' | 'host'>, udfId: string): string {
  return socketUrl(location, `/ws/device-data/${encodeURIComponent(udfId)}/`);
}

export type FeedCallbacks = {
  getToken: () => string | null;
  /** What each state tree changed against the previous one (frame-reader.ts); other frames are dropped. */
  onChanges: (changes: TreeChanges) => void;
  onStatus: (status: FeedStatus) => void;
  /** 4401: the session is gone; the page goes through the sign-out path (answers whether to retry). */
  onUnauthenticated: () => Promise<boolean>;
};

/**
 * One live feed of a device on the shared authenticated socket (realtime/authenticated-socket.ts): a frame
 * that holds a state tree makes it live, 4403 stops it for good. Runs in the feed's worker (feed.worker.ts),
 * or on the page without one. Answers the function that closes it for good.
 */
export function openDeviceFeed(url: string, callbacks: FeedCallbacks): () => void {
  return openAuthenticatedSocket(url, {
    getToken: callbacks.getToken,
    read: createFrameReader(),
    onMessage: callbacks.onChanges,
    onStatus: callbacks.onStatus,
    onUnauthenticated: callbacks.onUnauthenticated,
    onForbidden: 'stop',
  });
}
