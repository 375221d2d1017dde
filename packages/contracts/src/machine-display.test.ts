import { describe, expect, it } from 'vitest';
import { machineDisplayState, machinePicture, machineRunState } from './machine-display';

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
