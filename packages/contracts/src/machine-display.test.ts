import { describe, expect, it } from 'vitest';
import {
  isRunningStateSensor,
  machineDisplayState,
  machinePicture,
  machineRunState,
} from './machine-display';

describe('machineDisplayState', () => {
  it('is alarm over warning over ok over no-info (M section 4)', () => {
    expect(machineDisplayState([{ Status: 'OK' }, { Status: 'WARNING' }, { Alarm: true }])).toBe('alarm');
    expect(machineDisplayState([{ Status: 'OK' }, { Status: 'WARNING' }])).toBe('warning');
    expect(machineDisplayState([null, { Status: 'OK' }])).toBe('ok');
    expect(machineDisplayState([null, undefined])).toBe('no-info');
    expect(machineDisplayState([])).toBe('no-info');
  });
});

describe('machineRunState', () => {
  it('reads the state text of an ENUM sensor, the value of a BOOL one, and nothing else', () => {
    expect(machineRunState({ Type: 'ENUM', Value: 1, Meta: { State: 'Running' } })).toBe('running');
    expect(machineRunState({ Type: 'ENUM', Value: 2, Meta: { State: 'Stopped' } })).toBe('stopped');
    expect(machineRunState({ Type: 'ENUM', Value: 3, Meta: { State: 'Fault' } })).toBeNull();
    expect(machineRunState({ Type: 'BOOL', Value: true })).toBe('running');
    expect(machineRunState({ Type: 'BOOL', Value: 0 })).toBe('stopped');
    expect(machineRunState({ Type: 'NUMERIC', Value: 1 })).toBeNull();
    expect(machineRunState(null)).toBeNull();
  });
});

describe('machinePicture', () => {
  it('blinks in alarm or warning only while the state sensor says Running', () => {
    expect(machinePicture('alarm', 'running')).toEqual({ picture: 'alarm', blinks: true });
    expect(machinePicture('warning', null)).toEqual({ picture: 'warning', blinks: false });
    expect(machinePicture('alarm', 'stopped')).toEqual({ picture: 'alarm', blinks: false });
  });

  it('is gray when ok and stopped, or when there is no information', () => {
    expect(machinePicture('ok', 'stopped')).toEqual({ picture: 'stopped', blinks: false });
    expect(machinePicture('ok', null)).toEqual({ picture: 'running', blinks: false });
    expect(machinePicture('no-info', 'running')).toEqual({ picture: 'stopped', blinks: false });
  });
});

describe('isRunningStateSensor', () => {
  it("recognises an ENUM that says Running or Stopped (an F500's System 'Status', a WDC4's 'Elevator State')", () => {
    expect(isRunningStateSensor({ Type: 'ENUM', Meta: { State: 'Running' } })).toBe(true);
    expect(isRunningStateSensor({ Type: 'ENUM', Meta: { State: 'Stopped' } })).toBe(true);
  });

  it('does not take a contact, a number, or an ENUM reading something else', () => {
    expect(isRunningStateSensor({ Type: 'BOOL', Meta: { State: 'Off' } })).toBe(false);
    expect(isRunningStateSensor({ Type: 'BOOL', Meta: { State: 'Contact Sensor Closed / ON' } })).toBe(false);
    expect(isRunningStateSensor({ Type: 'NUMERIC', Meta: { State: null } })).toBe(false);
    expect(isRunningStateSensor({ Type: 'ENUM', Meta: { State: 'Network 1' } })).toBe(false);
    expect(isRunningStateSensor({ Type: 'ENUM', Meta: { State: 'System Selected Profile 0' } })).toBe(false);
    expect(isRunningStateSensor({ Type: 'ENUM', Meta: { State: 'Fault' } })).toBe(false);
    expect(isRunningStateSensor({ Type: 'ENUM', Meta: null })).toBe(false);
  });
});
