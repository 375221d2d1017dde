import { type DeviceGraphs, GRAPH_LIMITS } from '@vigil/contracts';
import { useEffect, useState } from 'react';
import { getLiveGraphs } from '../../../api/graphs';
import { appendLiveUpdate, newestTimestampOf } from '../live-append';

export type LiveGraphsState = { data: DeviceGraphs | null; error: unknown; updatedAt: number };

const EMPTY: LiveGraphsState = { data: null, error: null, updatedAt: 0 };

/**
 * Live mode (M section 4): live-update/ without `since` gives the recent window, then every 2 s the points after
 * the newest one held, appended by series position; the window is kept by dropping points older than the newest
 * minus 10 minutes (the server's clock, so a skewed browser clock does not empty the chart). A poll starts only
 * after the previous one ended, also after a failure (so Live recovers by itself).
 */
export function useLiveGraphs(deviceId: number, isEnabled: boolean): LiveGraphsState {
  const [state, setState] = useState<LiveGraphsState>(EMPTY);

  useEffect(() => {
    if (!isEnabled) {
      return;
    }
    const controller = new AbortController();
    let held: DeviceGraphs | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState(EMPTY);
    const poll = async () => {
      try {
        const since = held === null ? null : newestTimestampOf(held);
        const answer = await getLiveGraphs(deviceId, since, controller.signal);
        if (since === null || held === null) {
          held = answer;
        } else {
          const newest = newestTimestampOf(answer) ?? since;
          held = appendLiveUpdate(held, answer, newest - GRAPH_LIMITS.liveWindowMs);
        }
        const data = held;
        setState({ data, error: null, updatedAt: Date.now() });
      } catch (error) {
        if (controller.signal.aborted) {
          return;
        }
        setState((previous) => ({ ...previous, error, updatedAt: Date.now() }));
      }
      if (!controller.signal.aborted) {
        timer = setTimeout(poll, GRAPH_LIMITS.livePollMs);
      }
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [deviceId, isEnabled]);

  return isEnabled ? state : EMPTY;
}
