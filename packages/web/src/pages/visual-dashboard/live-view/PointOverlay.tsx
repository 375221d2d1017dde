import type { MachineTypeJson, Tab } from '@vigil/contracts';
import { Popover, Tooltip } from 'antd';
import { sensorPointsOf } from '../diagram/geometry';
import type { ReadingsStore } from '../diagram/readings-store';
import type { Freshness } from './live-state';
import styles from './live-view.module.css';
import { type PointActContext, SensorPanel } from './SensorPanel';
import type { PointKey } from './SensorPoint';
import { SensorTooltip } from './SensorTooltip';
import { useSensorView } from './useLiveView';

type PointOverlayProps = {
  tab: Tab;
  types: ReadonlyMap<number, MachineTypeJson>;
  store: ReadingsStore;
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
 * box over that point and filled from the store, so they follow the live value while open.
 */
export function PointOverlay({
  tab,
  types,
  store,
  freshness,
  hovered,
  opened,
  onClose,
  act,
}: PointOverlayProps) {
  const panel = opened === null ? null : placeOf(tab, types, opened);
  const tip = hovered === null || opened !== null ? null : placeOf(tab, types, hovered);
  return (
    <>
      {tip === null ? null : <PointTooltip place={tip} store={store} freshness={freshness} />}
      {panel === null ? null : (
        <PointPanel place={panel} store={store} freshness={freshness} onClose={onClose} act={act} />
      )}
    </>
  );
}

type Place = NonNullable<ReturnType<typeof placeOf>>;
type OverlayPartProps = { place: Place; store: ReadingsStore; freshness: Freshness };

function PointTooltip({ place, store, freshness }: OverlayPartProps) {
  const view = useSensorView(store, place.sensor.id, freshness);
  return (
    <Tooltip open title={<SensorTooltip sensor={place.sensor} view={view} pointLabel={place.pointLabel} />}>
      <span className={styles.pointAnchor} style={{ left: place.left, top: place.top }} />
    </Tooltip>
  );
}

function PointPanel({
  place,
  store,
  freshness,
  onClose,
  act,
}: OverlayPartProps & { onClose: () => void; act: PointActContext }) {
  const view = useSensorView(store, place.sensor.id, freshness);
  const panelAct: PointActContext = {
    ...act,
    onAcknowledge: (event) => {
      onClose();
      act.onAcknowledge(event);
    },
  };
  return (
    <Popover
      open
      trigger="click"
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      destroyOnHidden
      content={<SensorPanel sensor={place.sensor} view={view} pointLabel={place.pointLabel} act={panelAct} />}
    >
      <span className={styles.pointAnchor} style={{ left: place.left, top: place.top }} />
    </Popover>
  );
}
