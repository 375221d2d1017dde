import {
  type MachinePicture,
  machineDisplayState,
  machinePicture,
  machineRunState,
  type Tab,
  VISUAL_MESSAGES,
} from '@vigil/contracts';
import {
  displayValueOf,
  STALE_STATE_TEXT,
  type StatusTone,
  stateTextOf,
  statusToneOf,
} from '../../dashboard/dashboard-rules';
import type { LiveReading, LiveReadings } from '../diagram/live-readings';

/**
 * What the live views claim about a bound sensor or a machine (M section 4 'Machine display state'), and how they
 * say that it may be out of date: a device that is offline claims nothing (its last value greyed, 'Offline'), and
 * while the socket is not live every state is greyed (docs/visual-dashboard.md 'Web: live views').
 */

/** How current the readings are: the socket's word and each device's online flag (site's devices list). */
export type Freshness = {
  isLive: boolean;
  /** False only for a device the site lists as offline; an unknown device is not called offline. */
  isDeviceOnline: (udfId: string) => boolean;
};

export type SensorTone = StatusTone | 'no-data';

export type SensorView = {
  tone: SensorTone;
  /** The value as the dashboard shows it, or 'No data'. */
  value: string;
  unit: string;
  /** The status ('OK', 'Alarm', a state text), 'Offline', or 'No data'. */
  state: string;
  /** True when the value shown may no longer be what the sensor reads. */
  isStale: boolean;
};

/** The device (udf_id) of a full dotted sensor id: its first part. */
export function deviceOfSensor(fullSensorId: string): string {
  return fullSensorId.split('.')[0] ?? fullSensorId;
}

export function sensorViewOf(
  fullSensorId: string,
  reading: LiveReading | undefined,
  freshness: Freshness,
): SensorView {
  const isOffline = !freshness.isDeviceOnline(reading?.deviceId ?? deviceOfSensor(fullSensorId));
  if (reading === undefined) {
    return {
      tone: isOffline ? 'stale' : 'no-data',
      value: VISUAL_MESSAGES.noData,
      unit: '',
      state: isOffline ? STALE_STATE_TEXT : VISUAL_MESSAGES.noData,
      isStale: isOffline,
    };
  }
  const shown = displayValueOf(reading.sensor);
  if (isOffline) {
    return { tone: 'stale', ...shown, state: STALE_STATE_TEXT, isStale: true };
  }
  const state = stateTextOf(reading.sensor);
  if (!freshness.isLive) {
    return { tone: 'stale', ...shown, state, isStale: true };
  }
  return { tone: statusToneOf(reading.sensor), ...shown, state, isStale: false };
}

export type MachineView = {
  picture: MachinePicture;
  /** Blinks (or, with reduced motion, a steady outline) in alarm or warning while running, and only while live. */
  blinks: boolean;
  /** Some bound device is offline: the machine's state is not claimed from it. */
  hasOfflineDevice: boolean;
};

type MachineOfTab = Pick<Tab['machines'][number], 'sensors' | 'system_state_sensor'>;

/**
 * A machine's picture from its bound sensors' readings and its running-state sensor: readings of offline devices
 * are left out (their alarm may be over), so a machine whose devices are all offline shows no-info (grey).
 */
export function machineViewOf(
  machine: MachineOfTab,
  readings: LiveReadings,
  freshness: Freshness,
): MachineView {
  const isCurrent = (id: string) =>
    freshness.isDeviceOnline(readings.get(id)?.deviceId ?? deviceOfSensor(id));
  const bound = machine.sensors.map((binding) => binding.sensor.id);
  const current = bound.filter(isCurrent).map((id) => readings.get(id)?.sensor);
  const stateId = machine.system_state_sensor;
  const run = stateId !== null && isCurrent(stateId) ? machineRunState(readings.get(stateId)?.sensor) : null;
  const shown = machinePicture(machineDisplayState(current), run);
  const ids = stateId === null ? bound : [...bound, stateId];
  return {
    picture: shown.picture,
    blinks: shown.blinks && freshness.isLive,
    hasOfflineDevice: ids.some((id) => !isCurrent(id)),
  };
}

/** The site's devices as a freshness rule: offline devices by udf_id. */
export function freshnessOf(
  isLive: boolean,
  devices: ReadonlyArray<{ udf_id: string; is_online: boolean }>,
): Freshness {
  return freshnessOfKey(isLive, offlineDevicesKey(devices));
}

/**
 * The offline devices as one comparable key (their sorted ids): the site is read again every 30 s, and a new answer
 * with the same devices offline must not give the diagram a new freshness, which redraws every machine and point.
 */
export function offlineDevicesKey(devices: ReadonlyArray<{ udf_id: string; is_online: boolean }>): string {
  return devices
    .filter((device) => !device.is_online)
    .map((device) => device.udf_id)
    .sort()
    .join('\n');
}

/** The freshness of a socket's state and the offline devices' key (offlineDevicesKey). */
export function freshnessOfKey(isLive: boolean, offlineKey: string): Freshness {
  const offline = new Set(offlineKey === '' ? [] : offlineKey.split('\n'));
  return { isLive, isDeviceOnline: (udfId) => !offline.has(udfId) };
}

/** The sensors of the readings that report an alarm, as one comparable key (sorted ids; '' for none). */
export function alarmingSensorsKey(readings: LiveReadings): string {
  const alarming: string[] = [];
  // Once per tree over every reading of the tab: a loop, not a copy of the map.
  for (const [id, reading] of readings) {
    if (reading.sensor.Alarm === true) {
      alarming.push(id);
    }
  }
  return alarming.sort().join(',');
}

/** Whether two views of a sensor point show the same: a point whose view is the same is not drawn again. */
export function isSameSensorView(a: SensorView, b: SensorView): boolean {
  return (
    a.tone === b.tone &&
    a.value === b.value &&
    a.unit === b.unit &&
    a.state === b.state &&
    a.isStale === b.isStale
  );
}

/** Whether two views of a machine show the same picture, blinking and offline tag. */
export function isSameMachineView(a: MachineView, b: MachineView): boolean {
  return a.picture === b.picture && a.blinks === b.blinks && a.hasOfflineDevice === b.hasOfflineDevice;
}

/** The sensors a machine's picture follows: its bound sensors and its running-state sensor. */
export function machineSensorIdsOf(machine: MachineOfTab): string[] {
  const bound = machine.sensors.map((binding) => binding.sensor.id);
  return machine.system_state_sensor === null ? bound : [...bound, machine.system_state_sensor];
}
