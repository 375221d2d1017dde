import type { ReactNode } from 'react';
import styles from '../dashboard.module.css';
import type { VisibleGroup } from '../layout-filter';
import { SensorCard } from './SensorCard';

/** A group of sensor cards; F500 network groups hold their node groups inside (M section 2 'nested groups'). */
export function SensorGroupPanel({ group, children }: { group: VisibleGroup; children?: ReactNode }) {
  return (
    <section
      className={`${styles.group} ${group.isAlarmed ? styles.groupAlarmed : ''}`}
      data-testid={`group-${group.key}`}
      aria-label={group.name}
    >
      <h3 className={styles.groupTitle}>
        <span className={`${styles.dot} ${group.isAlarmed ? styles.dotalarm : styles.dotok}`} />
        {group.name}
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
