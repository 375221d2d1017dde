import { useEffect, useState } from 'react';
import { sessionStore } from '../../../auth/session-storage';
import { recheckSession } from '../../../realtime/session-recheck';
import type { SensorStore } from '../sensor-store';
import { startDeviceFeed } from './device-feed';
import { type FeedStatus, feedUrl } from './feed-connection';

/**
 * The live feed of a device (ws/device-data/<udf_id>/) into the store, its socket and frames in the
 * feed's worker; null udfId (snapshot mode, no device) opens nothing. On 4401 it asks me/ again: a 401
 * there runs the normal sign-out path of the API client (session cleared, back to '/'), a two-factor gate
 * its own path; if me/ still answers, it retries.
 */
export function useDeviceFeed(udfId: string | null, store: SensorStore): FeedStatus | null {
  const [status, setStatus] = useState<FeedStatus | null>(null);
  useEffect(() => {
    if (udfId === null) {
      setStatus(null);
      return undefined;
    }
    return startDeviceFeed(feedUrl(window.location, udfId), {
      getToken: () => sessionStore.getToken(),
      onChanges: (changes) => {
        store.applyChanges(changes);
      },
      onStatus: setStatus,
      onUnauthenticated: recheckSession,
    });
  }, [udfId, store]);
  return status;
}
