import type { MachineSensorJson } from '@vigil/contracts';
import { Popover, Tooltip } from 'antd';
import { useState } from 'react';
import type { SensorView } from './live-state';
import styles from './live-view.module.css';
import { type PointActContext, SensorPanel } from './SensorPanel';
import { SensorTooltip } from './SensorTooltip';

type SensorPointProps = {
  sensor: MachineSensorJson['sensor'];
  view: SensorView;
  pointLabel: string;
  left: number;
  top: number;
  act: PointActContext;
};

/** A bound sensor's point on a machine: coloured by its state, named on hover, its panel on click. */
export function SensorPoint({ sensor, view, pointLabel, left, top, act }: SensorPointProps) {
  const [isOpen, setIsOpen] = useState(false);
  const panelAct: PointActContext = {
    ...act,
    onAcknowledge: (event) => {
      setIsOpen(false);
      act.onAcknowledge(event);
    },
  };
  return (
    <Popover
      trigger="click"
      open={isOpen}
      onOpenChange={setIsOpen}
      destroyOnHidden
      content={<SensorPanel sensor={sensor} view={view} pointLabel={pointLabel} act={panelAct} />}
    >
      <Tooltip
        title={<SensorTooltip sensor={sensor} view={view} pointLabel={pointLabel} />}
        open={isOpen ? false : undefined}
      >
        <button
          type="button"
          className={`${styles.point} ${styles[`tone-${view.tone}`]}`}
          style={{ left, top }}
          data-testid={`live-point-${sensor.id}`}
          data-state={view.state}
          aria-label={`${sensor.name}: ${view.value} ${view.unit} ${view.state}`}
          aria-haspopup="dialog"
        />
      </Tooltip>
    </Popover>
  );
}
