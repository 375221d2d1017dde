import {
  parseWireDeviceType,
  SENSOR_STATE_TEXTS,
  type Sensor,
  type StateTree,
  type WarningSign,
} from '@vigil/contracts';

/**
 * The rule of a warning (docs/warnings.md), pure: what a sensor reads, whether the condition holds, and which
 * step a tree causes from the warning's state. The database applies each step with a conditional UPDATE.
 */

export type WarningRule = { sign: WarningSign; value: number; delaySeconds: number };

/** `pendingSince`: when the condition started to hold while the warning waits for its delay. */
export type WarningState = { active: boolean; pendingSince: Date | null };

export type WarningStep =
  | { kind: 'none' }
  /** The condition started to hold; the warning waits `delaySeconds` before it is raised. */
  | { kind: 'pend'; since: Date }
  /** The condition stopped holding before the delay passed: nothing was raised. */
  | { kind: 'unpend' }
  /** warning_on */
  | { kind: 'raise'; reading: number }
  /** warning_off: at once, no delay on the way back. */
  | { kind: 'clear'; reading: number };

export const NO_STEP: WarningStep = { kind: 'none' };

/** '=' holds within this fraction of the threshold (at least this much absolutely): readings are decimals. */
export const EQUALS_TOLERANCE = 1e-6;

/** Texts of Meta.State that mean the value is no reading (lost, not scanned, switched off, disabled). */
const UNREADABLE_STATES: ReadonlySet<string> = new Set([
  SENSOR_STATE_TEXTS.lostCommunication,
  SENSOR_STATE_TEXTS.notScanned,
  SENSOR_STATE_TEXTS.disabled,
  SENSOR_STATE_TEXTS.off,
  SENSOR_STATE_TEXTS.profileZero,
]);

/** ETH-NODE units (0005, 0006) report N/A for a clear sensor with a good reading. */
export function reportsNaWhenClear(tree: StateTree): boolean {
  const type = parseWireDeviceType(tree.device.deviceType);
  return type === '0005' || type === '0006';
}

/**
 * The sensor's numeric reading (BOOL as 1/0), or null when the tree tells nothing about it: missing, no value,
 * Not Scanned, an unreadable state text, or N/A (except on ETH-NODE units, whose clear status is N/A).
 */
export function readingOf(sensor: Sensor | undefined, naIsClear: boolean): number | null {
  if (sensor === undefined || sensor.Status === 'Not Scanned') {
    return null;
  }
  if (sensor.Status === 'N/A' && !naIsClear) {
    return null;
  }
  if (sensor.Meta.State != null && UNREADABLE_STATES.has(sensor.Meta.State)) {
    return null;
  }
  const value = sensor.Value;
  if (typeof value === 'boolean') {
    return value ? 1 : 0;
  }
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function conditionHolds(sign: WarningSign, threshold: number, reading: number): boolean {
  switch (sign) {
    case '>':
      return reading > threshold;
    case '<':
      return reading < threshold;
    case '=':
      return Math.abs(reading - threshold) <= EQUALS_TOLERANCE * Math.max(1, Math.abs(threshold));
  }
}

/**
 * The step a reading received at `at` causes. A null reading keeps the state. Raised once the condition has
 * held on every tree from `pendingSince` and a tree arrives `delaySeconds` after it; cleared at once.
 */
export function nextWarningStep(
  rule: WarningRule,
  state: WarningState,
  reading: number | null,
  at: Date,
): WarningStep {
  if (reading === null) {
    return NO_STEP;
  }
  const holds = conditionHolds(rule.sign, rule.value, reading);
  if (state.active) {
    return holds ? NO_STEP : { kind: 'clear', reading };
  }
  if (!holds) {
    return state.pendingSince === null ? NO_STEP : { kind: 'unpend' };
  }
  if (rule.delaySeconds === 0) {
    return { kind: 'raise', reading };
  }
  if (state.pendingSince === null) {
    return { kind: 'pend', since: at };
  }
  return isDelayOver(rule, state.pendingSince, at) ? { kind: 'raise', reading } : NO_STEP;
}

export function isDelayOver(rule: WarningRule, pendingSince: Date, at: Date): boolean {
  return at.getTime() - pendingSince.getTime() >= rule.delaySeconds * 1000;
}

/** The state after a step. */
export function stateAfter(state: WarningState, step: WarningStep): WarningState {
  switch (step.kind) {
    case 'none':
      return state;
    case 'pend':
      return { active: false, pendingSince: step.since };
    case 'unpend':
      return { active: false, pendingSince: null };
    case 'raise':
      return { active: true, pendingSince: null };
    case 'clear':
      return { active: false, pendingSince: null };
  }
}
