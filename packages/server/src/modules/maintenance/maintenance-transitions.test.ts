import {
  DEVICE_TYPES,
  type DeviceType,
  MAINTENANCE_EVENTS,
  type MaintenanceState,
  SENSOR_STATE_TEXTS,
  type Sensor,
  type SensorStatus,
} from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import {
  canCancel,
  nextState,
  observeSensor,
  type SensorObservation,
  stateAfterDeadline,
  transitionOf,
} from './maintenance-transitions';

const { expectAlarmOn, expectAlarmOff, succeeded, failed } = MAINTENANCE_EVENTS;
const STATES: MaintenanceState[] = [expectAlarmOn, expectAlarmOff, succeeded, failed];
const OBSERVATIONS: SensorObservation[] = ['alarm', 'clear', 'unknown'];
const ETH_NODES: DeviceType[] = ['0005', '0006'];
const OTHERS: DeviceType[] = ['F500', 'F500-UDF', '0300'];

function sensor(Status: SensorStatus, Alarm = false, State: string | null = null): Sensor {
  return { Id: 7, Name: 'Head pulley', Type: 'BOOL', Value: 0, Status, Alarm, Meta: { State } };
}

describe('observeSensor', () => {
  it.each(OTHERS)(
    '%s: Alarm flag or Status Alarm is an alarm, Status OK clears, WARNING decides nothing',
    (type) => {
      expect(observeSensor(sensor('Alarm', true), type)).toBe('alarm');
      expect(observeSensor(sensor('Alarm', false), type)).toBe('alarm');
      expect(observeSensor(sensor('OK', true), type)).toBe('alarm');
      expect(observeSensor(sensor('OK'), type)).toBe('clear');
      expect(observeSensor(sensor('WARNING'), type)).toBe('unknown');
      expect(observeSensor(sensor('N/A'), type)).toBe('unknown');
    },
  );

  it.each(ETH_NODES)('%s: Status WARNING is the alarm and N/A clears it; OK decides nothing', (type) => {
    expect(observeSensor(sensor('WARNING', true), type)).toBe('alarm');
    expect(observeSensor(sensor('WARNING', false), type)).toBe('alarm');
    expect(observeSensor(sensor('Alarm', true), type)).toBe('alarm');
    expect(observeSensor(sensor('N/A'), type)).toBe('clear');
    expect(observeSensor(sensor('OK'), type)).toBe('unknown');
  });

  it.each(DEVICE_TYPES)('%s: an unreadable or missing sensor neither raises nor clears', (type) => {
    const lost = sensor(ETH_NODES.includes(type) ? 'N/A' : 'OK', false, SENSOR_STATE_TEXTS.lostCommunication);
    expect(observeSensor(lost, type)).toBe('unknown');
    expect(observeSensor(sensor('Not Scanned', false, SENSOR_STATE_TEXTS.notScanned), type)).toBe('unknown');
    expect(observeSensor(undefined, type)).toBe('unknown');
  });
});

describe('nextState', () => {
  const expected: Record<MaintenanceState, Record<SensorObservation, MaintenanceState>> = {
    [expectAlarmOn]: { alarm: expectAlarmOff, clear: expectAlarmOn, unknown: expectAlarmOn },
    [expectAlarmOff]: { alarm: expectAlarmOff, clear: succeeded, unknown: expectAlarmOff },
    [succeeded]: { alarm: succeeded, clear: succeeded, unknown: succeeded },
    [failed]: { alarm: failed, clear: failed, unknown: failed },
  };
  for (const state of STATES) {
    for (const observation of OBSERVATIONS) {
      it(`${state} + ${observation} → ${expected[state][observation]}`, () => {
        expect(nextState(state, observation)).toBe(expected[state][observation]);
      });
    }
  }

  it.each(DEVICE_TYPES)('%s: a whole test from the trees of the device type', (type) => {
    const [alarm, clear] = ETH_NODES.includes(type)
      ? [sensor('WARNING', true), sensor('N/A')]
      : [sensor('Alarm', true), sensor('OK')];
    let state: MaintenanceState = expectAlarmOn;
    for (const tree of [clear, alarm, alarm, clear, alarm]) {
      state = nextState(state, observeSensor(tree, type));
    }
    expect(state).toBe(succeeded);
  });

  it('a cleared sensor before any alarm does not succeed', () => {
    expect(nextState(expectAlarmOn, observeSensor(sensor('OK'), 'F500'))).toBe(expectAlarmOn);
  });
});

describe('transitionOf', () => {
  it('names the one conditional UPDATE each observation may cause', () => {
    expect(transitionOf('alarm')).toEqual({ from: expectAlarmOn, to: expectAlarmOff });
    expect(transitionOf('clear')).toEqual({ from: expectAlarmOff, to: succeeded });
    expect(transitionOf('unknown')).toBeNull();
  });
});

describe('timeout and cancel', () => {
  it('a running test fails at its deadline; a finished one stays', () => {
    expect(stateAfterDeadline(expectAlarmOn)).toBe(failed);
    expect(stateAfterDeadline(expectAlarmOff)).toBe(failed);
    expect(stateAfterDeadline(succeeded)).toBe(succeeded);
    expect(stateAfterDeadline(failed)).toBe(failed);
  });

  it('cancels only a test waiting for the alarm while the sensor is not in alarm', () => {
    expect(canCancel(expectAlarmOn, 'clear')).toBe(true);
    expect(canCancel(expectAlarmOn, 'unknown')).toBe(true);
    expect(canCancel(expectAlarmOn, 'alarm')).toBe(false);
    for (const observation of OBSERVATIONS) {
      expect(canCancel(expectAlarmOff, observation)).toBe(false);
      expect(canCancel(succeeded, observation)).toBe(false);
      expect(canCancel(failed, observation)).toBe(false);
    }
  });
});
