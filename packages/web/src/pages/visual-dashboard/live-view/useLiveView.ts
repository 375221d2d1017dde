import type { Tab } from '@vigil/contracts';
import { useMemo } from 'react';
import type { ReadingsStore } from '../diagram/readings-store';
import { useReadingsSelector } from '../diagram/useReadingsSelector';
import {
  type Freshness,
  isSameMachineView,
  isSameSensorView,
  type MachineView,
  machineSensorIdsOf,
  machineViewOf,
  type SensorView,
  sensorViewOf,
} from './live-state';

/** A sensor point's view (live-state.ts), rendering the caller again only when it changes. */
export function useSensorView(store: ReadingsStore, sensorId: string, freshness: Freshness): SensorView {
  const ids = useMemo(() => [sensorId], [sensorId]);
  return useReadingsSelector(
    store,
    ids,
    (readings) => sensorViewOf(sensorId, readings.get(sensorId), freshness),
    isSameSensorView,
  );
}

/** A machine's picture, blinking and offline tag, rendering the caller again only when one of them changes. */
export function useMachineView(
  store: ReadingsStore,
  machine: Tab['machines'][number],
  freshness: Freshness,
): MachineView {
  const ids = useMemo(() => machineSensorIdsOf(machine), [machine]);
  return useReadingsSelector(
    store,
    ids,
    (readings) => machineViewOf(machine, readings.readings, freshness),
    isSameMachineView,
  );
}
