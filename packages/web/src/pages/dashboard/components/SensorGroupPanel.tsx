import { displayGroupName } from '@vigil/contracts';
import { type ReactNode, useRef } from 'react';
import styles from '../dashboard.module.css';
import { useDashboardContext } from '../dashboard-context';
import { useCardsWindow } from '../hooks/useCardsWindow';
import type { VisibleGroup } from '../layout-filter';
import { SensorCard } from './SensorCard';

/**
 * A group of sensor cards; F500 network groups hold their node groups inside (M section 2 'nested groups').
 * Its cards are in the DOM only within half a screen of the viewport (useCardsWindow); an empty box of their
 * height stands in for them otherwise.
 */
export function SensorGroupPanel({
  group,
  isTopLevel = false,
  mountedAtFirst,
  children,
}: {
  group: VisibleGroup;
  /** Top-level groups: an F500-UDF network group takes its custom network name. */
  isTopLevel?: boolean;
  /** The groups whose cards mount before the groups are measured; null or absent: all, never unmounted. */
  mountedAtFirst?: ReadonlySet<string> | null;
  children?: ReactNode;
}) {
  const { settings } = useDashboardContext();
  const name = displayGroupName({ Id: group.id, Name: group.name }, isTopLevel, settings);
  const section = useRef<HTMLElement | null>(null);
  const box = useRef<HTMLElement | null>(null);
  const cardCount = group.sensors.length;
  const cards = useCardsWindow(section, box, cardCount, mountedAtFirst ?? null, group.key);
  return (
    <section
      ref={section}
      className={`${styles.group} ${group.isAlarmed ? styles.groupAlarmed : ''}`}
      data-testid={`group-${group.key}`}
      aria-label={name}
    >
      <h3 className={styles.groupTitle}>
        <span className={`${styles.dot} ${group.isAlarmed ? styles.dotalarm : styles.dotok}`} />
        {name}
      </h3>
      {children}
      {cardCount > 0 && cards.isMounted ? (
        <div
          className={styles.cards}
          ref={(element) => {
            box.current = element;
          }}
          data-cards="mounted"
        >
          {group.sensors.map((sensor) => (
            <SensorCard key={sensor.fullId} sensor={sensor} />
          ))}
        </div>
      ) : null}
      {cardCount > 0 && !cards.isMounted ? (
        // A button, so that the keyboard does not skip a group whose cards are not mounted: focus mounts them
        // and moves to the first card.
        <button
          type="button"
          className={styles.cardsPlaceholder}
          ref={(element) => {
            box.current = element;
          }}
          style={{ height: cards.placeholderHeight }}
          aria-label={`${name}: ${cardCount} sensors`}
          data-testid={`cards-placeholder-${group.key}`}
          onFocus={() => {
            cards.mount();
            box.current?.querySelector('button')?.focus();
          }}
        />
      ) : null}
      {group.groups.length > 0 ? (
        <div className={styles.nodes}>
          {group.groups.map((child) => (
            <SensorGroupPanel key={child.key} group={child} mountedAtFirst={mountedAtFirst} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
