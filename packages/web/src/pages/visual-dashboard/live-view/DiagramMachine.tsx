import type { MachineTypeJson, Tab } from '@vigil/contracts';
import { memo, useMemo } from 'react';
import { Link } from 'react-router';
import { machinePictureUrl, machineSize, sensorPointsOf } from '../diagram/geometry';
import type { ReadingsStore } from '../diagram/readings-store';
import type { Freshness } from './live-state';
import styles from './live-view.module.css';
import { type PointKey, SensorPoint } from './SensorPoint';
import { useMachineView } from './useLiveView';

type DiagramMachineProps = {
  machine: Tab['machines'][number];
  type: MachineTypeJson | undefined;
  store: ReadingsStore;
  freshness: Freshness;
  /** machineDetailsPath of this machine. */
  to: string;
  onHoverPoint: (point: PointKey | null) => void;
  onOpenPoint: (point: PointKey) => void;
};

/**
 * A machine of the read-only diagram: its picture in its live state (blinking in alarm or warning while running),
 * its name, and its bound sensors' points coloured by their state with a tooltip naming each and a panel to act on each
 * (click; one tooltip and one panel for the whole diagram, PointOverlay). The picture and name open machine details.
 * Memoised, and following only its own sensors in the store: a tree renders it again only when its picture,
 * blinking or offline tag changes; each point follows its own sensor (SensorPoint).
 */
export const DiagramMachine = memo(function DiagramMachine(props: DiagramMachineProps) {
  const { machine, type, store, freshness, to, onHoverPoint, onOpenPoint } = props;
  const view = useMachineView(store, machine, freshness);
  const size = type === undefined ? { width: 120, height: 120 } : machineSize(type, machine.scale);
  const blink = !view.blinks ? '' : view.picture === 'alarm' ? styles.blinkAlarm : styles.blinkWarning;
  const points = useMemo(
    () => (type === undefined ? [] : sensorPointsOf(type, machine.flip)),
    [type, machine.flip],
  );
  const name = machine.name.trim() === '' ? (type?.name ?? 'Machine') : machine.name;
  return (
    <div
      className={`${styles.machine} ${blink}`}
      style={{ left: machine.x_coord, top: machine.y_coord, width: size.width, height: size.height }}
      data-testid={`live-machine-${machine.id}`}
      data-picture={view.picture}
      data-blinks={view.blinks}
    >
      <Link to={to} className={styles.machineLink} aria-label={`${name}: open the detailed view`}>
        {type === undefined ? (
          <span className={styles.shape} style={{ inset: 0 }} />
        ) : (
          <img src={machinePictureUrl(type, view.picture, machine.flip)} alt="" draggable={false} />
        )}
        <span className={styles.machineName}>{name}</span>
      </Link>
      {view.hasOfflineDevice ? <span className={styles.offlineTag}>Offline</span> : null}
      {machine.sensors.map((binding) => {
        const point = points.find((candidate) => candidate.id === binding.sensor_point);
        if (point === undefined) {
          return null;
        }
        return (
          <SensorPoint
            key={binding.sensor_point}
            machineId={machine.id}
            sensorPoint={binding.sensor_point}
            sensorId={binding.sensor.id}
            sensorName={binding.sensor.name}
            store={store}
            freshness={freshness}
            left={point.x_coord * machine.scale}
            top={point.y_coord * machine.scale}
            onHover={onHoverPoint}
            onOpen={onOpenPoint}
          />
        );
      })}
    </div>
  );
});
