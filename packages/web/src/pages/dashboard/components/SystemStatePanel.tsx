import { useCallback, useSyncExternalStore } from 'react';
import styles from '../dashboard.module.css';
import { useDashboardContext } from '../dashboard-context';
import type { VisibleGroup } from '../layout-filter';
import { SensorGroupPanel } from './SensorGroupPanel';

const NO_SUBSCRIPTION = () => () => {};

/** The text a System State sensor carries (its state text, else its value), following its readings. */
function useSensorText(fullId: string | null): string | null {
  const { store } = useDashboardContext();
  const subscribe = useCallback(
    (listener: () => void) => (fullId === null ? NO_SUBSCRIPTION() : store.subscribeSensor(fullId, listener)),
    [store, fullId],
  );
  const sensor = useSyncExternalStore(subscribe, () =>
    fullId === null ? undefined : store.getSensor(fullId),
  );
  if (sensor === undefined) {
    return null;
  }
  return sensor.Meta?.State?.trim() || (sensor.Value === null ? null : String(sensor.Value));
}

/**
 * The System State panel of F500 devices (M section 2): network, status, active nodes and blocks and the
 * activity counter from the group's Meta {Nodes, Blocks, Activity}, then the group's sensors.
 */
export function SystemStatePanel({ group }: { group: VisibleGroup }) {
  const { store } = useDashboardContext();
  const subscribe = useCallback(
    (listener: () => void) => store.subscribeGroupMeta(group.key, listener),
    [store, group.key],
  );
  const meta = useSyncExternalStore(subscribe, () => store.getGroupMeta(group.key));
  const idOf = (name: string) =>
    group.sensors.find((sensor) => sensor.name.toLowerCase() === name)?.fullId ?? null;
  const network = useSensorText(idOf('network'));
  const status = useSensorText(idOf('status'));
  const facts: Array<[string, string | number | null | undefined]> = [
    ['Network', network],
    ['Status', status],
    ['Active nodes', meta?.Nodes],
    ['Active blocks', meta?.Blocks],
    ['Activity counter', meta?.Activity],
  ];
  return (
    <SensorGroupPanel group={{ ...group, name: 'System State' }}>
      <dl className={styles.facts} data-testid="system-state">
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value === null || value === undefined ? '—' : value}</dd>
          </div>
        ))}
      </dl>
    </SensorGroupPanel>
  );
}
