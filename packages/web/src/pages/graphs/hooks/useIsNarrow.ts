import { GRAPH_LIMITS } from '@vigil/contracts';
import { useSyncExternalStore } from 'react';

/** M section 9: the graph pages use their narrow layout at 1000 px or less. */
const NARROW_QUERY = `(max-width: ${GRAPH_LIMITS.narrowWidthPx}px)`;

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const getSnapshot = () => window.matchMedia(NARROW_QUERY).matches;

export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
