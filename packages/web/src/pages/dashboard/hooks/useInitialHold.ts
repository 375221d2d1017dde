import { useEffect, useState } from 'react';

/** M section 2: the dashboard shows a loader for 3 seconds initially. */
export const DASHBOARD_INITIAL_LOADER_MS = 3_000;

/** True for the first `ms` after the page mounted. */
export function useInitialHold(ms = DASHBOARD_INITIAL_LOADER_MS): boolean {
  const [isHolding, setIsHolding] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setIsHolding(false), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return isHolding;
}
