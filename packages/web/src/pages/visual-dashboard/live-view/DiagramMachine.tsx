import type { MachineTypeJson, Tab } from '@vigil/contracts';
import { Tooltip } from 'antd';
import { Link } from 'react-router';
import { machinePictureUrl, machineSize, sensorPointsOf } from '../diagram/geometry';
import type { LiveReadings } from '../diagram/live-readings';
import { type Freshness, machineViewOf, sensorViewOf } from './live-state';
import styles from './live-view.module.css';
import { SensorTooltip } from './SensorTooltip';

type DiagramMachineProps = {
  machine: Tab['machines'][number];
  type: MachineTypeJson | undefined;
  readings: LiveReadings;
  freshness: Freshness;
  /** machineDetailsPath of this machine. */
  to: string;
};

/**
 * A machine of the read-only diagram: its picture in its live state (blinking in alarm or warning while running),
 * its name, and its bound sensors' points coloured by their state with a tooltip naming each. Opens machine details.
 */
export function DiagramMachine({ machine, type, readings, freshness, to }: DiagramMachineProps) {
  const view = machineViewOf(machine, readings, freshness);
  const size = type === undefined ? { width: 120, height: 120 } : machineSize(type, machine.scale);
  const blink = !view.blinks ? '' : view.picture === 'alarm' ? styles.blinkAlarm : styles.blinkWarning;
  const points = type === undefined ? [] : sensorPointsOf(type, machine.flip);
  const name = machine.name.trim() === '' ? (type?.name ?? 'Machine') : machine.name;
  return (
    <Link
      to={to}
      className={`${styles.machine} ${blink}`}
      style={{ left: machine.x_coord, top: machine.y_coord, width: size.width, height: size.height }}
      aria-label={`${name}: open the detailed view`}
      data-testid={`live-machine-${machine.id}`}
      data-picture={view.picture}
      data-blinks={view.blinks}
    >
      {type === undefined ? (
        <span className={styles.shape} style={{ inset: 0 }} />
      ) : (
        <img src={machinePictureUrl(type, view.picture, machine.flip)} alt="" draggable={false} />
      )}
      {view.hasOfflineDevice ? <span className={styles.offlineTag}>Offline</span> : null}
      {machine.sensors.map((binding) => {
        const point = points.find((candidate) => candidate.id === binding.sensor_point);
        if (point === undefined) {
          return null;
        }
        const sensorView = sensorViewOf(binding.sensor.id, readings.get(binding.sensor.id), freshness);
        return (
          <Tooltip
            key={binding.sensor_point}
            title={<SensorTooltip sensor={binding.sensor} view={sensorView} pointLabel={point.label} />}
          >
            <span
              className={`${styles.point} ${styles[`tone-${sensorView.tone}`]}`}
              style={{ left: point.x_coord * machine.scale, top: point.y_coord * machine.scale }}
              data-testid={`live-point-${binding.sensor.id}`}
              data-state={sensorView.state}
              role="img"
              aria-label={`${binding.sensor.name}: ${sensorView.value} ${sensorView.unit} ${sensorView.state}`}
            />
          </Tooltip>
        );
      })}
      <span className={styles.machineName}>{name}</span>
    </Link>
  );
}
