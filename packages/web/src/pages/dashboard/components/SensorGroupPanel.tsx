import { displayGroupName } from '@vigil/contracts';
import type { ReactNode } from 'react';
import styles from '../dashboard.module.css';
import { useDashboardContext } from '../dashboard-context';
import type { VisibleGroup } from '../layout-filter';
import { SensorCard } from './SensorCard';

/** A group of sensor cards; F500 network groups hold their node groups inside (M section 2 'nested groups'). */
export function SensorGroupPanel({
  group,
  isTopLevel = false,
  children,
}: {
  group: VisibleGroup;
  /** Top-level groups: an F500-UDF network group takes its custom network name. */
  isTopLevel?: boolean;
  children?: ReactNode;
}) {
  const { settings } = useDashboardContext();
  const name = displayGroupName({ Id: group.id, Name: group.name }, isTopLevel, settings);
  return (
    <section
      className={`${styles.group} ${group.isAlarmed ? styles.groupAlarmed : ''}`}
      data-testid={`group-${group.key}`}
      aria-label={name}
      // content-visibility: auto; its cards listen for its skipping (near-viewport.ts).
      data-skippable=""
    >
      <h3 className={styles.groupTitle}>
        <span className={`${styles.dot} ${group.isAlarmed ? styles.dotalarm : styles.dotok}`} />
        {name}
      </h3>
      {children}
      {group.sensors.length > 0 ? (
        <div className={styles.cards}>
          {group.sensors.map((sensor) => (
            <SensorCard key={sensor.fullId} sensor={sensor} />
          ))}
        </div>
      ) : null}
      {group.groups.length > 0 ? (
        <div className={styles.nodes}>
          {group.groups.map((child) => (
            <SensorGroupPanel key={child.key} group={child} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
