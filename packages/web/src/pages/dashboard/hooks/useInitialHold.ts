import { useEffect, useRef, useState } from 'react';

/** M section 2: the dashboard shows a loader for 3 seconds initially. */
export const DASHBOARD_INITIAL_LOADER_MS = 3_000;

/**
 * Whether the initial loader still shows: until the content is ready (the device read and its first tree in
 * hand), for 3 s at the most, after which whatever is there shows (the 'not reported yet' text). Ready content
 * never waits for the clock: a fixed 3 s hold put the sensors 4–4.5 s after navigation (issue 23).
 */
export function isLoaderShown(isReady: boolean, isTimeUp: boolean): boolean {
  return !isReady && !isTimeUp;
}

/** The loader's state for a page whose content is ready when `isReady`; once released it stays released. */
export function useInitialHold(isReady: boolean, ms = DASHBOARD_INITIAL_LOADER_MS): boolean {
  const [isTimeUp, setIsTimeUp] = useState(false);
  const isReleased = useRef(false);
  useEffect(() => {
    const timer = setTimeout(() => setIsTimeUp(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  if (!isLoaderShown(isReady, isTimeUp)) {
    isReleased.current = true;
  }
  return !isReleased.current;
}
