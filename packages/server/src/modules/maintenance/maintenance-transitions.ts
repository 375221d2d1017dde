import {
  type DeviceType,
  MAINTENANCE_EVENTS,
  MAINTENANCE_RUNNING_STATES,
  type MaintenanceState,
  SENSOR_STATE_TEXTS,
  type Sensor,
} from '@vigil/contracts';

/**
 * The maintenance state machine of M section 4, pure (docs/maintenance.md). The server feeds it what it sees
 * of the sensor under test in each accepted tree; the database applies each transition once (conditional
 * UPDATE on the state it starts from).
 */

/** What a tree says about the sensor under test. 'unknown': unreadable or missing, which decides nothing. */
export type SensorObservation = 'alarm' | 'clear' | 'unknown';

/** ETH-NODE units (0005, 0006) report an alarm as Status WARNING and its end as N/A (M section 4). */
export function reportsAlarmAsWarning(deviceType: DeviceType): boolean {
  return deviceType === '0005' || deviceType === '0006';
}

function isUnreadable(sensor: Sensor): boolean {
  return sensor.Status === 'Not Scanned' || sensor.Meta.State === SENSOR_STATE_TEXTS.lostCommunication;
}

/**
 * In alarm: the Alarm flag or Status 'Alarm' (as the event detector), and for 0005/0006 Status WARNING.
 * Cleared: Status OK (N/A for 0005/0006) without the flag. A sensor the device cannot read (lost communication,
 * not scanned) or that the tree lacks is 'unknown': a quiet node neither raises nor clears a test's alarm.
 */
export function observeSensor(sensor: Sensor | undefined, deviceType: DeviceType): SensorObservation {
  if (sensor === undefined) {
    return 'unknown';
  }
  const warningIsAlarm = reportsAlarmAsWarning(deviceType);
  if (sensor.Alarm || sensor.Status === 'Alarm' || (warningIsAlarm && sensor.Status === 'WARNING')) {
    return 'alarm';
  }
  if (isUnreadable(sensor)) {
    return 'unknown';
  }
  const clearStatus = warningIsAlarm ? 'N/A' : 'OK';
  return sensor.Status === clearStatus ? 'clear' : 'unknown';
}

/** The state after the sensor was seen as `observation`; the same state when nothing happens. */
export function nextState(state: MaintenanceState, observation: SensorObservation): MaintenanceState {
  if (state === MAINTENANCE_EVENTS.expectAlarmOn && observation === 'alarm') {
    return MAINTENANCE_EVENTS.expectAlarmOff;
  }
  if (state === MAINTENANCE_EVENTS.expectAlarmOff && observation === 'clear') {
    return MAINTENANCE_EVENTS.succeeded;
  }
  return state;
}

export type Transition = { from: MaintenanceState; to: MaintenanceState };

/** The one transition an observation can cause, whatever the state (for a conditional UPDATE); null if none. */
export function transitionOf(observation: SensorObservation): Transition | null {
  for (const from of MAINTENANCE_RUNNING_STATES) {
    const to = nextState(from, observation);
    if (to !== from) {
      return { from, to };
    }
  }
  return null;
}

/** A running test whose deadline passed fails; others stay. */
export function stateAfterDeadline(state: MaintenanceState): MaintenanceState {
  return isRunning(state) ? MAINTENANCE_EVENTS.failed : state;
}

export function isRunning(state: MaintenanceState): boolean {
  return MAINTENANCE_RUNNING_STATES.includes(state);
}

/**
 * M section 4: cancel only while the sensor is not in alarm. A test that saw the alarm and waits for it to
 * clear is in alarm by definition; otherwise the latest tree decides.
 */
export function canCancel(state: MaintenanceState, latest: SensorObservation): boolean {
  return state === MAINTENANCE_EVENTS.expectAlarmOn && latest !== 'alarm';
}
