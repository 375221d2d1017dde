import type { MachineTypeJson, SiteDevice, Tab } from '@vigil/contracts';
import { type ReactNode, useMemo } from 'react';
import { PageSpinner } from '../../../components/PageSpinner';
import { type DiagramRoom, useLiveReadingsStore } from '../diagram/live-readings';
import { LiveDiagram } from './LiveDiagram';
import { LiveNotice } from './LiveNotice';
import { freshnessOfKey, offlineDevicesKey } from './live-state';
import styles from './live-view.module.css';
import type { PointActContext } from './SensorPanel';
import { useAlarmsFollowReadings } from './useAlarmsFollowReadings';

type LiveTabProps = {
  /** The tab's socket; null opens none (a tab id not in the schema). */
  room: DiagramRoom | null;
  schemaId: number;
  tab: Tab | null;
  types: ReadonlyMap<number, MachineTypeJson>;
  devices: readonly SiteDevice[] | undefined;
  machinePath: (machineId: number) => string;
  act: PointActContext;
  /** Beside the diagram (the Active alarms card): made by the page, so a new reading does not render it again. */
  aside: ReactNode;
};

/**
 * The part of the live view that follows the readings: the tab's socket, its notice, and the diagram. The readings
 * are in a store outside React (readings-store.ts): a tree renders neither this nor the page around it, only the
 * machines and points whose view changed (bench:visual).
 */
export function LiveTab({ room, schemaId, tab, types, devices, machinePath, act, aside }: LiveTabProps) {
  const live = useLiveReadingsStore(room);
  useAlarmsFollowReadings(schemaId, live.store);
  // Keyed on which devices are offline, not on the site's answer, which is a new object every 30 s.
  const offlineKey = offlineDevicesKey(devices ?? []);
  const isLive = live.status === 'live';
  const freshness = useMemo(() => freshnessOfKey(isLive, offlineKey), [isLive, offlineKey]);
  return (
    <>
      <LiveNotice status={live.status} />
      <div className={styles.layout}>
        {tab === null ? (
          <PageSpinner />
        ) : (
          <LiveDiagram
            tab={tab}
            types={types}
            store={live.store}
            freshness={freshness}
            machinePath={machinePath}
            act={act}
          />
        )}
        {aside}
      </div>
    </>
  );
}
