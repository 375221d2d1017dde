import type { MaintenanceInfoEntry, ProofTestStatus, SensorDisplaySettings, Shelf } from '@vigil/contracts';
import { createContext, useContext } from 'react';
import type { SensorStore } from './sensor-store';

export type DashboardMode = 'live' | 'maintenance' | 'snapshot';

/** What every card needs; the values are primitives so a card re-renders only when its own part changes. */
export type DashboardContextValue = {
  store: SensorStore;
  mode: DashboardMode;
  /** Full id of the sensor under test, in maintenance mode. */
  testedId: string | null;
  testState: MaintenanceInfoEntry['state'] | null;
  /** The device is offline: every reading is its last one, shown greyed without a status. */
  isStale: boolean;
  /** The device's custom names, images, types and degrees; null until loaded (or when they fail to load). */
  settings: SensorDisplaySettings | null;
  /** Maintenance mode only: the sensors due, overdue or never tested (docs/proof-tests.md). */
  proofTests: ReadonlyMap<string, ProofTestStatus> | null;
  onSensorClick: (sensor: { fullId: string; leafId: string; name: string }) => void;
  /** Shelving (issue 27): the device's active shelves by full sensor id; null until loaded or in a snapshot. */
  shelves: ReadonlyMap<string, Shelf> | null;
  /** The site's zone, for a shelf's end. */
  timeZone: string;
  /** The person may shelve and unshelve (an editor of the site, live view). */
  canShelve: boolean;
  onShelveClick: (sensor: { fullId: string; name: string }) => void;
  onUnshelveClick: (shelf: Shelf) => void;
};

export const DashboardContext = createContext<DashboardContextValue | null>(null);

export function useDashboardContext(): DashboardContextValue {
  const value = useContext(DashboardContext);
  if (value === null) {
    throw new Error('useDashboardContext must be used inside <DashboardContext.Provider>');
  }
  return value;
}
