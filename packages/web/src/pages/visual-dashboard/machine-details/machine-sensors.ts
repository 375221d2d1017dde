import type { LastTimeInAlarm, MachineDetail, MachineGraph } from '@vigil/contracts';
import type { TimeSpan } from '../../graphs/graph-span';
import { sensorPointsOf } from '../diagram/geometry';
import type { LiveReadings } from '../diagram/live-readings';
import { deviceOfSensor, type Freshness, type SensorView, sensorViewOf } from '../live-view/live-state';

/** The row label of the running-state sensor, which sits on no sensor point. */
export const RUNNING_STATE_LABEL = 'Running state';

/** A row of the 'Machine Sensors' widget: the sensor named so a person can find it, its live value and state. */
export type MachineSensorRow = {
  id: string;
  pointLabel: string;
  name: string;
  groupName: string;
  deviceName: string;
  view: SensorView;
  /** Unix seconds of its newest alarm event at the site; null: never in alarm there. */
  lastAlarm: number | null;
};

/** Every bound sensor in sensor-point order, then the running-state sensor. */
export function machineSensorRowsOf(
  machine: MachineDetail,
  readings: LiveReadings,
  freshness: Freshness,
  lastAlarms: LastTimeInAlarm | undefined,
  deviceTitleOf: (udfId: string) => string | undefined = () => undefined,
): MachineSensorRow[] {
  const points = sensorPointsOf(machine.type_of_machine, machine.flip);
  const order = (point: number) => {
    const index = points.findIndex((candidate) => candidate.id === point);
    return index === -1 ? points.length : index;
  };
  const rows = [...machine.sensors]
    .sort((a, b) => order(a.sensor_point) - order(b.sensor_point))
    .map(
      (binding): MachineSensorRow => ({
        id: binding.sensor.id,
        pointLabel:
          points.find((point) => point.id === binding.sensor_point)?.label ?? `Point ${binding.sensor_point}`,
        name: binding.sensor.name,
        groupName: binding.sensor.group_name,
        deviceName: binding.sensor.device.name,
        view: sensorViewOf(binding.sensor.id, readings.get(binding.sensor.id), freshness),
        lastAlarm: lastAlarms?.[binding.sensor.id]?.date_created ?? null,
      }),
    );
  const stateId = machine.system_state_sensor;
  if (stateId === null) {
    return rows;
  }
  const reading = readings.get(stateId);
  const bound = machine.sensors.find((binding) => binding.sensor.id === stateId)?.sensor;
  return [
    ...rows,
    {
      id: stateId,
      pointLabel: RUNNING_STATE_LABEL,
      // The machine answer names only bound sensors; the live tree names the state sensor once it reports.
      name: bound?.name ?? reading?.sensor.Name ?? stateId,
      groupName: bound?.group_name ?? '',
      deviceName: bound?.device.name ?? deviceTitleOf(deviceOfSensor(stateId)) ?? deviceOfSensor(stateId),
      view: sensorViewOf(stateId, reading, freshness),
      lastAlarm: lastAlarms?.[stateId]?.date_created ?? null,
    },
  ];
}

/** The machine's last time in alarm: the newest across its sensors (unix seconds), null when never. */
export function newestAlarmOf(lastAlarms: LastTimeInAlarm | undefined): number | null {
  const times = Object.values(lastAlarms ?? {}).map((event) => event.date_created);
  return times.length === 0 ? null : Math.max(...times);
}

/** The machine's graphs as the graph page's payload, so GraphChart and payloadSpanOf read them unchanged. */
export function graphMapOf(graphs: readonly MachineGraph[]): Record<string, MachineGraph> {
  return Object.fromEntries(graphs.map((graph) => [graph.key, graph]));
}

const DAY_MS = 24 * 60 * 60_000;

/** The '24 Hours Graphs' span: the 24 hours up to the newest point (or now), shared by every chart. */
export function lastDaySpanOf(graphs: readonly MachineGraph[], now: number): TimeSpan {
  let newest = Number.NEGATIVE_INFINITY;
  for (const graph of graphs) {
    for (const series of graph.series) {
      newest = Math.max(newest, series.data.at(-1)?.[0] ?? newest);
    }
  }
  const to = Number.isFinite(newest) ? Math.max(newest, now) : now;
  return { from: to - DAY_MS, to };
}
