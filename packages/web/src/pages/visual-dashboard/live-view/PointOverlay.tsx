import type { MachineTypeJson, Tab } from '@vigil/contracts';
import { Popover, Tooltip } from 'antd';
import { sensorPointsOf } from '../diagram/geometry';
import type { LiveReadings } from '../diagram/live-readings';
import { type Freshness, sensorViewOf } from './live-state';
import styles from './live-view.module.css';
import { type PointActContext, SensorPanel } from './SensorPanel';
import type { PointKey } from './SensorPoint';
import { SensorTooltip } from './SensorTooltip';

type PointOverlayProps = {
  tab: Tab;
  types: ReadonlyMap<number, MachineTypeJson>;
  readings: LiveReadings;
  freshness: Freshness;
  hovered: PointKey | null;
  opened: PointKey | null;
  onClose: () => void;
  act: PointActContext;
};

/** Where a point sits on the canvas and what is bound there, or null when the tab no longer has it. */
function placeOf(tab: Tab, types: ReadonlyMap<number, MachineTypeJson>, key: PointKey) {
  const machine = tab.machines.find((candidate) => candidate.id === key.machineId);
  const binding = machine?.sensors.find((candidate) => candidate.sensor_point === key.sensorPoint);
  const type = machine === undefined ? undefined : types.get(machine.type_of_machine);
  const point = type === undefined ? undefined : sensorPointsOf(type, machine?.flip ?? false);
  const spot = point?.find((candidate) => candidate.id === key.sensorPoint);
  if (machine === undefined || binding === undefined || spot === undefined) {
    return null;
  }
  return {
    sensor: binding.sensor,
    pointLabel: spot.label,
    left: machine.x_coord + spot.x_coord * machine.scale,
    top: machine.y_coord + spot.y_coord * machine.scale,
  };
}

/**
 * The diagram's one tooltip (the hovered or focused point) and one panel (the clicked point), anchored on an empty
 * box over that point and filled from the current readings, so they follow the live value while open.
 */
export function PointOverlay({
  tab,
  types,
  readings,
  freshness,
  hovered,
  opened,
  onClose,
  act,
}: PointOverlayProps) {
  const panel = opened === null ? null : placeOf(tab, types, opened);
  const tip = hovered === null || opened !== null ? null : placeOf(tab, types, hovered);
  const viewOf = (sensorId: string) => sensorViewOf(sensorId, readings.get(sensorId), freshness);
  const panelAct: PointActContext = {
    ...act,
    onAcknowledge: (event) => {
      onClose();
      act.onAcknowledge(event);
    },
  };
  return (
    <>
      {tip === null ? null : (
        <Tooltip
          open
          title={
            <SensorTooltip sensor={tip.sensor} view={viewOf(tip.sensor.id)} pointLabel={tip.pointLabel} />
          }
        >
          <span className={styles.pointAnchor} style={{ left: tip.left, top: tip.top }} />
        </Tooltip>
      )}
      {panel === null ? null : (
        <Popover
          open
          trigger="click"
          onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
          destroyOnHidden
          content={
            <SensorPanel
              sensor={panel.sensor}
              view={viewOf(panel.sensor.id)}
              pointLabel={panel.pointLabel}
              act={panelAct}
            />
          }
        >
          <span className={styles.pointAnchor} style={{ left: panel.left, top: panel.top }} />
        </Popover>
      )}
    </>
  );
}
