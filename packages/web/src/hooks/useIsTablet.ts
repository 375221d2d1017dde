import { useSyncExternalStore } from 'react';

/** A section 9: below 1000 px wide is treated as a tablet. */
const TABLET_QUERY = '(max-width: 999.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(TABLET_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function getSnapshot(): boolean {
  return window.matchMedia(TABLET_QUERY).matches;
}

export function useIsTablet(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
