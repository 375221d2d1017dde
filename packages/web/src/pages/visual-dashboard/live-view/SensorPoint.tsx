import { memo, useLayoutEffect, useRef } from 'react';
import type { ReadingsStore } from '../diagram/readings-store';
import { type Freshness, isSameSensorView, type SensorView, sensorViewOf } from './live-state';
import styles from './live-view.module.css';

/** Which point of which machine: how the diagram's one tooltip and one panel know what to show. */
export type PointKey = { machineId: number; sensorPoint: number };

type SensorPointProps = PointKey & {
  sensorId: string;
  sensorName: string;
  store: ReadingsStore;
  freshness: Freshness;
  left: number;
  top: number;
  /** Stable callbacks of the diagram (LiveDiagram): the point renders once, on mount and when these props change. */
  onHover: (point: PointKey | null) => void;
  onOpen: (point: PointKey) => void;
};

/**
 * Writes a point's look: its tone's colour, its state, and its name, value and state for assistive technology; only
 * what differs from the view shown before (a class write makes the browser look at the point's style again).
 */
function drawPoint(
  element: HTMLElement,
  sensorName: string,
  view: SensorView,
  shown: SensorView | null,
): void {
  if (view.tone !== shown?.tone) {
    element.className = `${styles.point} ${styles[`tone-${view.tone}`]}`;
  }
  if (view.state !== shown?.state) {
    element.dataset.state = view.state;
  }
  element.setAttribute('aria-label', `${sensorName}: ${view.value} ${view.unit} ${view.state}`);
}

/**
 * A bound sensor's point on a machine: a plain button coloured by its state. It follows its own sensor in the store
 * and writes its look (class, state, label) when its view changes, without a React render: 600 points of a busy
 * plant at a tree a second cost a view comparison each and a few attribute writes for those that changed
 * (bench:visual). React renders the button once and never sets those attributes, so the two never disagree. Its
 * tooltip (hover, focus) and its panel (click) are the diagram's one Tooltip and one Popover (PointOverlay).
 */
export const SensorPoint = memo(function SensorPoint(props: SensorPointProps) {
  const { machineId, sensorPoint, sensorId, sensorName, store, freshness, left, top, onHover, onOpen } =
    props;
  const ref = useRef<HTMLButtonElement>(null);
  // Before the first paint, so the point never shows without its colour; again for a new freshness or sensor.
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) {
      return undefined;
    }
    let shown: SensorView | null = null;
    const draw = () => {
      const view = sensorViewOf(sensorId, store.get(sensorId), freshness);
      if (shown === null || !isSameSensorView(shown, view)) {
        drawPoint(element, sensorName, view, shown);
        shown = view;
      }
    };
    draw();
    return store.subscribe([sensorId], draw);
  }, [store, sensorId, sensorName, freshness]);
  const key = { machineId, sensorPoint };
  return (
    <button
      ref={ref}
      type="button"
      style={{ left, top }}
      data-testid={`live-point-${sensorId}`}
      aria-haspopup="dialog"
      onMouseEnter={() => onHover(key)}
      onMouseLeave={() => onHover(null)}
      onFocus={() => onHover(key)}
      onBlur={() => onHover(null)}
      onClick={() => onOpen(key)}
    />
  );
});
