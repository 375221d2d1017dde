import { rankSensorGroup, SENSOR_GROUP_ORDER } from '@vigil/contracts';
import { memo, type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { initiallyMountedGroups } from '../cards-window';
import styles from '../dashboard.module.css';
import { useDashboardContext } from '../dashboard-context';
import { DASHBOARD_MESSAGES } from '../dashboard-messages';
import { isF500Family, type NodeFilter } from '../dashboard-rules';
import { filterLayout, filterTopSensors, type VisibleGroup } from '../layout-filter';
import { SensorCard } from './SensorCard';
import { SensorGroupPanel } from './SensorGroupPanel';
import { SystemStatePanel } from './SystemStatePanel';
import { VersionsPanel } from './VersionsPanel';

const SYSTEM_RANK = SENSOR_GROUP_ORDER.indexOf('System');
const HEAD_RANK = SENSOR_GROUP_ORDER.indexOf('Alignment:Head');
const TAIL_RANK = SENSOR_GROUP_ORDER.indexOf('Alignment:Tail');

const isAlignment = (group: VisibleGroup) => {
  const rank = rankSensorGroup({ Id: group.id, Name: group.name });
  return rank === HEAD_RANK || rank === TAIL_RANK;
};

/** The groups in order; Alignment:Head and Alignment:Tail share one row, side by side (M section 2). */
function renderGroups(
  groups: VisibleGroup[],
  isF500: boolean,
  mountedAtFirst: ReadonlySet<string> | null,
): ReactNode[] {
  const out: ReactNode[] = [];
  const alignment = groups.filter(isAlignment);
  let isAlignmentPlaced = false;
  for (const group of groups) {
    if (isAlignment(group)) {
      if (!isAlignmentPlaced) {
        isAlignmentPlaced = true;
        out.push(
          <div key="alignment" className={styles.row} data-testid="alignment-groups">
            {alignment.map((item) => (
              <SensorGroupPanel key={item.key} group={item} isTopLevel mountedAtFirst={mountedAtFirst} />
            ))}
          </div>,
        );
      }
      continue;
    }
    const isSystem = rankSensorGroup({ Id: group.id, Name: group.name }) === SYSTEM_RANK;
    out.push(
      isF500 && isSystem ? (
        <SystemStatePanel key={group.key} group={group} />
      ) : (
        <SensorGroupPanel key={group.key} group={group} isTopLevel mountedAtFirst={mountedAtFirst} />
      ),
    );
  }
  return out;
}

/**
 * The dashboard's content: sensor groups as the filter shows them, and the Versions panel. Memoised: the
 * page's other state (the device re-read every few seconds, dialogs) does not re-render 500 cards' groups.
 */
export const SensorGroups = memo(function SensorGroups({
  filter,
  deviceType,
}: {
  filter: NodeFilter;
  deviceType: string;
}) {
  const { store, isStale } = useDashboardContext();
  const layout = useSyncExternalStore(store.subscribeLayout, store.getLayout);
  const visible = useMemo(() => (layout === null ? [] : filterLayout(layout, filter)), [layout, filter]);
  const topSensors = useMemo(
    () => (layout === null ? [] : filterTopSensors(layout, filter)),
    [layout, filter],
  );
  // Read by each group when it first mounts only: which cards are in the DOM before the groups are measured
  // (null: a small device, every card mounted for good).
  const mountedAtFirst = useMemo(
    () => initiallyMountedGroups(visible, topSensors.length),
    [visible, topSensors],
  );
  if (layout === null) {
    // A device that never reported has no versions either: the spec's text says so (M section 2).
    return (
      <div className={styles.content} data-testid="sensor-groups">
        <div className={styles.empty}>{DASHBOARD_MESSAGES.noData}</div>
        <VersionsPanel versionInfo={null} />
      </div>
    );
  }
  const isF500 = isF500Family(deviceType || layout.deviceType);
  return (
    // Offline, the groups' alarm colours are as stale as the readings (dashboard.module.css greys them).
    <div className={styles.content} data-testid="sensor-groups" data-stale={isStale ? 'true' : undefined}>
      {topSensors.length > 0 ? (
        <div className={styles.cards}>
          {topSensors.map((sensor) => (
            <SensorCard key={sensor.fullId} sensor={sensor} />
          ))}
        </div>
      ) : null}
      {renderGroups(visible, isF500, mountedAtFirst)}
      {visible.length === 0 && topSensors.length === 0 ? (
        <div className={styles.empty}>{DASHBOARD_MESSAGES.nothingShown}</div>
      ) : null}
      <VersionsPanel versionInfo={layout.versionInfo} />
    </div>
  );
});
