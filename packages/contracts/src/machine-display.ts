/**
 * What a machine of the visual dashboard shows from its sensors' live data (monitoring spec section 4 'Machine
 * display state'; docs/visual-dashboard.md 'Machine types' for the picture sets): its display state, what its
 * running-state sensor says, and which picture it shows and whether it blinks.
 */

export const MACHINE_DISPLAY_STATES = ['alarm', 'warning', 'ok', 'no-info'] as const;
export type MachineDisplayState = (typeof MACHINE_DISPLAY_STATES)[number];

/** Live data a machine's sensor shows (the dashboard's reading fields). */
type LiveReading =
  | { Alarm?: boolean; Status?: string; Type?: string; Value?: unknown; Meta?: { State?: unknown } | null }
  | null
  | undefined;

/**
 * A machine's display state from its bound sensors' live data (M section 4 'Machine display state'): alarm if
 * any has an alarm, warning if any Status is WARNING, ok if any live data exists, no-info otherwise.
 */
export function machineDisplayState(readings: readonly LiveReading[]): MachineDisplayState {
  const live = readings.filter((reading): reading is NonNullable<LiveReading> => reading != null);
  if (live.some((reading) => reading.Alarm === true || reading.Status === 'Alarm')) {
    return 'alarm';
  }
  if (live.some((reading) => reading.Status === 'WARNING')) {
    return 'warning';
  }
  return live.length > 0 ? 'ok' : 'no-info';
}

/** What a machine's running-state sensor says: its state text, or for a BOOL sensor its value; null: unknown. */
export type MachineRunState = 'running' | 'stopped' | null;

export function machineRunState(reading: LiveReading): MachineRunState {
  if (reading == null) {
    return null;
  }
  const state = typeof reading.Meta?.State === 'string' ? reading.Meta.State.trim().toLowerCase() : '';
  if (state.startsWith('running') || state === 'on') {
    return 'running';
  }
  if (state.startsWith('stopped') || state === 'off') {
    return 'stopped';
  }
  if (reading.Type === 'BOOL' && (typeof reading.Value === 'boolean' || typeof reading.Value === 'number')) {
    return reading.Value === true || reading.Value === 1 ? 'running' : 'stopped';
  }
  return null;
}

/**
 * Whether a sensor can serve as a machine's running-state sensor, read from its typed fields, not its name: an
 * ENUM (the device's state selector) whose state text says what `machineRunState` reads as Running or Stopped —
 * an F500's System State 'Status' and a WDC4's System 'Elevator State' (Running, Stopped, Fault). A BOOL is not
 * one (contacts are alignment, plug and auxiliary inputs, and 'Off' there means switched off); nor is an ENUM
 * that reads anything else at this moment (an F500 in Fault, a 'Profile').
 */
export function isRunningStateSensor(sensor: { Type?: string; Meta?: { State?: unknown } | null }): boolean {
  return sensor.Type === 'ENUM' && machineRunState({ Type: sensor.Type, Meta: sensor.Meta }) !== null;
}

/** The picture set a machine shows (docs/visual-dashboard.md 'Machine types': plain = stopped, ok_ = running). */
export type MachinePicture = 'alarm' | 'warning' | 'running' | 'stopped';

/**
 * M section 4 'Machine display state': alarm and warning show their pictures and blink while the state sensor
 * says Running; ok shows the running picture unless the state sensor says Stopped (gray); no-info is gray.
 */
export function machinePicture(
  state: MachineDisplayState,
  run: MachineRunState,
): { picture: MachinePicture; blinks: boolean } {
  if (state === 'alarm' || state === 'warning') {
    return { picture: state, blinks: run === 'running' };
  }
  if (state === 'ok' && run !== 'stopped') {
    return { picture: 'running', blinks: false };
  }
  return { picture: 'stopped', blinks: false };
}
