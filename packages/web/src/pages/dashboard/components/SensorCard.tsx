import { PROOF_TEST_STATUS_LABELS } from '@vigil/contracts';
import { memo, useLayoutEffect, useRef } from 'react';
import { shelfSummary, shelvedUntilText } from '../../shelving/shelve-draft';
import styles from '../dashboard.module.css';
import { useDashboardContext } from '../dashboard-context';
import { canTestSensor, cardPromptOf } from '../maintenance-rules';
import { watchOnScreen } from '../on-screen';
import { type CardView, cardViewOf } from '../sensor-card-view';
import type { LayoutSensor } from '../sensor-store';

type ReadingNodes = {
  card: HTMLButtonElement | null;
  badge: HTMLSpanElement | null;
  /** The reading's fixed-size box (dashboard.module.css .value). */
  box: HTMLSpanElement | null;
  /** React renders these without children; only the subscription writes their text. */
  value: HTMLSpanElement | null;
  unit: HTMLSpanElement | null;
  state: HTMLSpanElement | null;
};

/**
 * One sensor: name, reading and unit, status colour, state text and thumbnail. React renders the card's
 * frame (name, image, maintenance line); the reading is written into it by the card's own store
 * subscription, so a frame costs only the cards near the viewport whose reading changed, with no render.
 */
export const SensorCard = memo(function SensorCard({ sensor }: { sensor: LayoutSensor }) {
  const {
    store,
    mode,
    testedId,
    testState,
    settings,
    isStale,
    proofTests,
    onSensorClick,
    shelves,
    timeZone,
    canShelve,
    onShelveClick,
    onUnshelveClick,
  } = useDashboardContext();
  const { fullId, leafId } = sensor;
  const nodes = useRef<ReadingNodes>({
    card: null,
    badge: null,
    box: null,
    value: null,
    unit: null,
    state: null,
  });

  useLayoutEffect(() => {
    const { card, badge, box, value, unit, state } = nodes.current;
    if (card === null || box === null || value === null || unit === null || state === null) {
      return undefined;
    }
    // One Text node per field, changed through .data: a frame usually changes only the value's text.
    const valueText = value.appendChild(document.createTextNode(''));
    const unitText = unit.appendChild(document.createTextNode(''));
    const stateText = state.appendChild(document.createTextNode(''));
    let shown: CardView | null = null;
    const paint = () => {
      const reading = store.getSensor(fullId);
      if (reading === undefined) {
        return;
      }
      const view = cardViewOf(fullId, reading, settings, isStale);
      if (view.value !== shown?.value) {
        valueText.data = view.value;
      }
      if (view.unit !== shown?.unit) {
        unitText.data = view.unit;
        unit.hidden = view.unit === '';
      }
      if (view.state !== shown?.state) {
        stateText.data = view.state;
      }
      if (view.tone !== shown?.tone) {
        card.dataset.status = view.tone;
      }
      if (view.isNumeric !== shown?.isNumeric) {
        box.className = view.isNumeric ? (styles.value ?? '') : `${styles.value} ${styles.valueText}`;
      }
      if (view.isNumeric !== shown?.isNumeric || (!view.isNumeric && view.value !== shown?.value)) {
        // A text reading is clipped at two lines (its box has a fixed size): the whole text on hover.
        box.title = view.isNumeric ? '' : view.value;
      }
      if (badge !== null && view.badge !== shown?.badge) {
        badge.textContent = view.badge;
      }
      shown = view;
    };
    // Painted once now, so the card never shows empty; then live only while the card itself is on screen (one
    // that comes back catches up from the store at once): a tall node group would otherwise write the readings
    // of its cards below the fold every second, for layout and paint nobody sees.
    paint();
    let unsubscribe: (() => void) | null = null;
    const follow = (isOnScreen: boolean) => {
      if (isOnScreen && unsubscribe === null) {
        paint();
        unsubscribe = store.subscribeSensor(fullId, paint);
      } else if (!isOnScreen && unsubscribe !== null) {
        unsubscribe();
        unsubscribe = null;
      }
    };
    const stopWatching = watchOnScreen(card, follow);
    return () => {
      stopWatching();
      unsubscribe?.();
      valueText.remove();
      unitText.remove();
      stateText.remove();
    };
  }, [store, fullId, settings, isStale]);

  const name = settings?.names[fullId] ?? sensor.name;
  const image = settings?.images[fullId]?.url ?? null;
  const isMaintenance = mode === 'maintenance';
  const isTested = testedId === fullId;
  const isBlocked = isMaintenance && (!canTestSensor(leafId) || (testedId !== null && !isTested));
  const line = isMaintenance ? cardPromptOf(isTested, testState) : null;
  const proof = proofTests?.get(fullId);
  const shelf = isMaintenance ? undefined : shelves?.get(fullId);
  const classes = [
    styles.card,
    isTested ? styles.cardTested : '',
    isBlocked ? styles.cardDisabled : '',
    shelf === undefined ? '' : styles.cardShelved,
  ]
    .filter(Boolean)
    .join(' ');
  const card = (
    <button
      type="button"
      ref={(element) => {
        nodes.current.card = element;
      }}
      className={classes}
      disabled={isMaintenance && !canTestSensor(leafId)}
      onClick={() => onSensorClick({ fullId, leafId, name })}
      data-testid={`sensor-${fullId}`}
      title={shelf === undefined ? name : `${name}\n${shelfSummary(shelf, timeZone)}`}
    >
      {image === null ? (
        <span
          className={styles.thumb}
          aria-hidden="true"
          ref={(element) => {
            nodes.current.badge = element;
          }}
        />
      ) : (
        <img className={styles.thumb} src={image} alt="" />
      )}
      <span className={styles.cardBody}>
        <span className={styles.name}>{name}</span>
        <span
          className={styles.value}
          data-testid={`sensor-value-${fullId}`}
          ref={(element) => {
            nodes.current.box = element;
          }}
        >
          <span
            ref={(element) => {
              nodes.current.value = element;
            }}
          />
          <span
            className={styles.unit}
            ref={(element) => {
              nodes.current.unit = element;
            }}
          />
        </span>
        <span
          className={styles.state}
          data-testid={`sensor-state-${fullId}`}
          ref={(element) => {
            nodes.current.state = element;
          }}
        />
        {line === null ? null : <span className={styles.prompt}>{line}</span>}
        {proof === undefined ? null : (
          <span className={styles.proofTest} data-proof={proof} data-testid={`proof-test-${fullId}`}>
            {PROOF_TEST_STATUS_LABELS[proof]}
          </span>
        )}
        {shelf === undefined ? null : (
          <span className={styles.shelved} data-testid={`shelved-${fullId}`}>
            <strong>Shelved</strong> {shelvedUntilText(shelf, timeZone)}
            <span className={styles.shelvedWhy}>
              {shelf.shelved_by}: {shelf.reason}
            </span>
          </span>
        )}
      </span>
    </button>
  );
  const hasActions = canShelve && !isMaintenance;
  // The actions sit beside the card's button (a button holds no other button). The frame is always there, a box
  // only when it holds actions: were it added and removed with them (switching between the Live and Maintenance
  // tabs), React would make a new button whose reading nodes the effect above never filled.
  return (
    <div className={hasActions ? styles.cardFrame : styles.cardFramePlain}>
      {card}
      {!hasActions ? null : shelf === undefined ? (
        <button
          type="button"
          className={styles.cardAction}
          onClick={() => onShelveClick({ fullId, name })}
          title="Shelve alarms…"
          aria-label={`Shelve alarms of ${name}…`}
          data-testid={`shelve-${fullId}`}
        >
          <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
            <circle cx="6" cy="6" r="5.25" fill="none" stroke="currentColor" strokeWidth="1.2" />
            <rect x="3.9" y="3.5" width="1.3" height="5" fill="currentColor" />
            <rect x="6.8" y="3.5" width="1.3" height="5" fill="currentColor" />
          </svg>
        </button>
      ) : (
        <button
          type="button"
          className={`${styles.cardAction} ${styles.cardActionText}`}
          onClick={() => onUnshelveClick(shelf)}
          title={`Unshelve ${name}`}
          aria-label={`Unshelve ${name}`}
          data-testid={`unshelve-${fullId}`}
        >
          Unshelve
        </button>
      )}
    </div>
  );
});
