import { memo } from 'react';
import type { SensorTone } from './live-state';
import styles from './live-view.module.css';

/** Which point of which machine: how the diagram's one tooltip and one panel know what to show. */
export type PointKey = { machineId: number; sensorPoint: number };

type SensorPointProps = PointKey & {
  sensorId: string;
  tone: SensorTone;
  state: string;
  /** The sensor's name, value and state, read by assistive technology (the tooltip shows them on hover). */
  label: string;
  left: number;
  top: number;
  /** Stable callbacks of the diagram (LiveDiagram): a new reading re-renders only the points whose view changed. */
  onHover: (point: PointKey | null) => void;
  onOpen: (point: PointKey) => void;
};

/**
 * A bound sensor's point on a machine: a plain button coloured by its state. Its tooltip (hover, focus) and its
 * panel (click) are the diagram's one Tooltip and one Popover, anchored here (PointOverlay): 600 points of a busy
 * plant then cost one antd trigger each, not two, and a reading changes only the points it changes.
 */
export const SensorPoint = memo(function SensorPoint(props: SensorPointProps) {
  const { machineId, sensorPoint, sensorId, tone, state, label, left, top, onHover, onOpen } = props;
  const key = { machineId, sensorPoint };
  return (
    <button
      type="button"
      className={`${styles.point} ${styles[`tone-${tone}`]}`}
      style={{ left, top }}
      data-testid={`live-point-${sensorId}`}
      data-state={state}
      aria-label={label}
      aria-haspopup="dialog"
      onMouseEnter={() => onHover(key)}
      onMouseLeave={() => onHover(null)}
      onFocus={() => onHover(key)}
      onBlur={() => onHover(null)}
      onClick={() => onOpen(key)}
    />
  );
});
