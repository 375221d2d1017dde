import { useCallback, useEffect, useState } from 'react';

/** A value (an alert's text, say) that clears itself `durationMs` after it was last shown (A section 9 timers). */
export function useTimedValue<T>(durationMs: number) {
  // Boxed so that showing an equal value twice still restarts the timer.
  const [shown, setShown] = useState<{ value: T } | null>(null);

  useEffect(() => {
    if (shown === null) {
      return;
    }
    const timer = setTimeout(() => setShown(null), durationMs);
    return () => clearTimeout(timer);
  }, [shown, durationMs]);

  const show = useCallback((value: T) => setShown({ value }), []);
  const clear = useCallback(() => setShown(null), []);
  return { value: shown === null ? null : shown.value, show, clear };
}
