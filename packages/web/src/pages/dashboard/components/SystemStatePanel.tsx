import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import styles from '../dashboard.module.css';
import { useDashboardContext } from '../dashboard-context';
import type { VisibleGroup } from '../layout-filter';
import { SYSTEM_FACT_LABELS, systemFactsOf } from '../system-facts';
import { SensorGroupPanel } from './SensorGroupPanel';

/**
 * The facts that change every second (the activity counter). Like a card's reading, their texts are written
 * by their own store subscriptions, so a new counter renders nothing in React (docs/performance.md).
 */
const SystemFacts = memo(function SystemFacts({
  groupKey,
  networkId,
  statusId,
}: {
  groupKey: string;
  networkId: string | null;
  statusId: string | null;
}) {
  const { store } = useDashboardContext();
  const values = useRef<Array<HTMLElement | null>>([]);
  useLayoutEffect(() => {
    // One Text node per fact, changed through .data: replacing the node (textContent) would cost a style
    // recalculation and a layout-tree rebuild in every frame the activity counter changes.
    const texts = values.current.map((element) => element?.appendChild(document.createTextNode('')) ?? null);
    let shown: string[] = [];
    const paint = () => {
      const facts = systemFactsOf(
        networkId === null ? undefined : store.getSensor(networkId),
        statusId === null ? undefined : store.getSensor(statusId),
        store.getGroupMeta(groupKey),
      );
      facts.forEach((fact, index) => {
        const text = texts[index];
        if (text && fact !== shown[index]) {
          text.data = fact;
        }
      });
      shown = facts;
    };
    paint();
    const stops = [
      store.subscribeGroupMeta(groupKey, paint),
      ...[networkId, statusId].flatMap((id) => (id === null ? [] : [store.subscribeSensor(id, paint)])),
    ];
    return () => {
      for (const stop of stops) {
        stop();
      }
      for (const text of texts) {
        text?.remove();
      }
    };
  }, [store, groupKey, networkId, statusId]);
  return (
    <dl className={styles.facts} data-testid="system-state">
      {SYSTEM_FACT_LABELS.map((label, index) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>
            <span
              className={styles.factValue}
              ref={(element) => {
                values.current[index] = element;
              }}
            />
          </dd>
        </div>
      ))}
    </dl>
  );
});

/**
 * The System State panel of F500 devices (M section 2): network, status, active nodes and blocks and the
 * activity counter from the group's Meta {Nodes, Blocks, Activity}, then the group's sensors.
 */
export const SystemStatePanel = memo(function SystemStatePanel({ group }: { group: VisibleGroup }) {
  const idOf = (name: string) =>
    group.sensors.find((sensor) => sensor.name.toLowerCase() === name)?.fullId ?? null;
  const panelGroup = useMemo(() => ({ ...group, name: 'System State' }), [group]);
  return (
    <SensorGroupPanel group={panelGroup}>
      <SystemFacts groupKey={group.key} networkId={idOf('network')} statusId={idOf('status')} />
    </SensorGroupPanel>
  );
});
