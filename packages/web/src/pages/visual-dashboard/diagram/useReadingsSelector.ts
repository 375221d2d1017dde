import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { ReadingsStore } from './readings-store';

/**
 * What a component shows of some sensors' readings (`select`), following the store: the component renders again
 * only when a tree of those sensors changes what `select` answers (`isSame` false), so an unchanged machine or
 * point costs one `select` per tree and no render. `sensorIds` is read when it changes identity (keep it memoised).
 */
export function useReadingsSelector<T>(
  store: ReadingsStore,
  sensorIds: readonly string[],
  select: (store: ReadingsStore) => T,
  isSame: (a: T, b: T) => boolean,
): T {
  const last = useRef<{ value: T } | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) => store.subscribe(sensorIds, onChange),
    [store, sensorIds],
  );
  const getSnapshot = () => {
    const next = select(store);
    if (last.current !== null && isSame(last.current.value, next)) {
      return last.current.value;
    }
    last.current = { value: next };
    return next;
  };
  return useSyncExternalStore(subscribe, getSnapshot);
}

/** Follows every tree: for views of the whole store (the schema's alarms). */
export function useReadingsVersion(store: ReadingsStore): number {
  const subscribe = useCallback((onChange: () => void) => store.subscribeAll(onChange), [store]);
  return useSyncExternalStore(subscribe, store.getVersion);
}
