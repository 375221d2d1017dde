import { displaySensor, MAINTENANCE_MESSAGES } from '@vigil/contracts';
import { memo, useCallback, useSyncExternalStore } from 'react';
import styles from '../dashboard.module.css';
import { useDashboardContext } from '../dashboard-context';
import { DASHBOARD_MESSAGES } from '../dashboard-messages';
import { displayValueOf, stateTextOf, statusToneOf } from '../dashboard-rules';
import { canTestSensor, endedKindOf, runningPrompt } from '../maintenance-rules';
import type { LayoutSensor } from '../sensor-store';

/** The line a card shows in maintenance mode (M section 4 prompts), or null outside it. */
function maintenanceLine(
  isTested: boolean,
  testState: ReturnType<typeof useDashboardContext>['testState'],
): string | null {
  if (testState === null) {
    return null;
  }
  if (!isTested) {
    return MAINTENANCE_MESSAGES.promptInProgress;
  }
  const ended = endedKindOf(testState);
  if (ended === 'succeeded') {
    return DASHBOARD_MESSAGES.testSucceeded;
  }
  if (ended === 'failed') {
    return DASHBOARD_MESSAGES.testFailed;
  }
  return runningPrompt(testState);
}

/**
 * One sensor: name, reading and unit, status colour, state text and thumbnail. Subscribes to its own
 * reading in the store, so a frame re-renders only the cards whose reading changed.
 */
export const SensorCard = memo(function SensorCard({ sensor }: { sensor: LayoutSensor }) {
  const { store, mode, testedId, testState, settings, onSensorClick } = useDashboardContext();
  const { fullId, leafId } = sensor;
  const subscribe = useCallback(
    (listener: () => void) => store.subscribeSensor(fullId, listener),
    [store, fullId],
  );
  const getReading = useCallback(() => store.getSensor(fullId), [store, fullId]);
  const reading = useSyncExternalStore(subscribe, getReading);
  if (reading === undefined) {
    return null;
  }
  // Custom name, image, type with k and c, and degrees of the device's settings (contracts' one rule).
  const shown = displaySensor(fullId, reading, settings);
  const name = shown.name;
  const { value, unit } = displayValueOf({
    Type: shown.type,
    Value: shown.value,
    Meta: { ...reading.Meta, Units: shown.unit },
  });
  const tone = statusToneOf(reading);
  const isMaintenance = mode === 'maintenance';
  const isTested = testedId === fullId;
  const isBlocked = isMaintenance && (!canTestSensor(leafId) || (testedId !== null && !isTested));
  const line = isMaintenance ? maintenanceLine(isTested, testState) : null;
  const image = shown.imageUrl;
  const classes = [
    styles.card,
    styles[tone],
    isTested ? styles.cardTested : '',
    isBlocked ? styles.cardDisabled : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={classes}
      disabled={isMaintenance && !canTestSensor(leafId)}
      onClick={() => onSensorClick({ fullId, leafId, name })}
      data-testid={`sensor-${fullId}`}
      data-status={tone}
      title={name}
    >
      {image === null ? (
        <span className={styles.thumb} aria-hidden="true">
          {shown.type === 'NUMERIC' ? unit.slice(0, 3) || '#' : 'I/O'}
        </span>
      ) : (
        <img className={styles.thumb} src={image} alt="" />
      )}
      <span className={styles.cardBody}>
        <span className={styles.name}>{name}</span>
        <span
          className={shown.type === 'NUMERIC' ? styles.value : `${styles.value} ${styles.valueText}`}
          data-testid={`sensor-value-${fullId}`}
        >
          {value}
          {unit === '' ? null : <span className={styles.unit}>{unit}</span>}
        </span>
        <span className={styles.state}>{stateTextOf(reading)}</span>
        {line === null ? null : <span className={styles.prompt}>{line}</span>}
      </span>
    </button>
  );
});
