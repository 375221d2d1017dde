import { SENSOR_STATE_TEXTS, type Sensor, type SensorStatus, type SensorType } from '@vigil/contracts';
import type { Random } from '../random';

/** How a sensor's value moves between ticks. */
export type SensorKind =
  | 'temperature'
  | 'speed'
  | 'level'
  | 'contact'
  | 'timer'
  | 'counter'
  | 'enum'
  | 'fixed';

/** Status words a device family uses: 0005/0006 report WARNING in alarm and N/A when clear. */
export type StatusStyle = { ok: SensorStatus; alarm: SensorStatus };

export type SimSensor = {
  id: string;
  name: string;
  type: SensorType;
  kind: SensorKind;
  tags: string[];
  units: string | null;
  min: number | null;
  max: number | null;
  /** NUMERIC: above this (and not over Max) the device reports WARNING, as F500 units do near a limit. */
  warnAbove: number | null;
  decimals: number | null;
  base: number;
  noise: number;
  value: number;
  /** BOOL: the value that means alarm (1 = contact open). ENUM: values that alarm. */
  alarmValues: number[];
  enumStates: string[];
  /** 'Disabled', 'Off' or 'System Selected Profile 0': reported as N/A, never alarms. */
  fixedState: string | null;
  walk: number;
  drift: number;
  override: number | null;
  forced: boolean;
  lostComm: boolean;
  notScanned: boolean;
};

type SensorInit = Partial<SimSensor> & Pick<SimSensor, 'id' | 'name' | 'type' | 'kind'>;

function createSensor(init: SensorInit): SimSensor {
  return {
    tags: [],
    units: null,
    min: null,
    max: null,
    warnAbove: null,
    decimals: null,
    base: 0,
    noise: 0,
    value: init.base ?? 0,
    alarmValues: [],
    enumStates: [],
    fixedState: null,
    walk: 0,
    drift: 0,
    override: null,
    forced: false,
    lostComm: false,
    notScanned: false,
    ...init,
  };
}

type NumericInit = {
  id: string;
  name: string;
  kind?: 'temperature' | 'speed' | 'level';
  units: string | null;
  base: number;
  noise: number;
  min?: number | null;
  max?: number | null;
  warnAbove?: number | null;
  decimals?: number;
  tags?: string[];
};

export function numericSensor(init: NumericInit): SimSensor {
  return createSensor({ ...init, type: 'NUMERIC', kind: init.kind ?? 'level', decimals: init.decimals ?? 1 });
}

/** A bearing or pulley temperature in °F or °C with an upper alarm limit and a warning band below it. */
export function temperatureSensor(id: string, name: string, unit: '°F' | '°C', rng: Random): SimSensor {
  const isF = unit === '°F';
  return numericSensor({
    id,
    name,
    kind: 'temperature',
    units: unit,
    base: isF ? rng.range(75, 110) : rng.range(24, 43),
    noise: isF ? 3 : 1.5,
    min: isF ? 0 : -18,
    max: isF ? 180 : 82,
    warnAbove: isF ? 160 : 71,
  });
}

/** Belt or shaft speed in pulses per minute (PPM); below Min is an underspeed alarm. */
export function speedSensor(id: string, name: string, rng: Random): SimSensor {
  const base = Math.round(rng.range(300, 500));
  return numericSensor({
    id,
    name,
    kind: 'speed',
    units: 'PPM',
    base,
    noise: 4,
    min: Math.round(base * 0.8),
    decimals: 0,
  });
}

export function contactSensor(id: string, name: string, tags: string[] = []): SimSensor {
  return createSensor({ id, name, type: 'BOOL', kind: 'contact', tags, alarmValues: [1], value: 0 });
}

export function timerSensor(id: string, name: string): SimSensor {
  return createSensor({ id, name, type: 'NUMERIC', kind: 'timer', units: 'Minutes', decimals: 0 });
}

export function counterSensor(id: string, name: string): SimSensor {
  return createSensor({ id, name, type: 'NUMERIC', kind: 'counter', decimals: 0 });
}

export function enumSensor(
  id: string,
  name: string,
  states: string[],
  alarmValues: number[] = [],
): SimSensor {
  return createSensor({ id, name, type: 'ENUM', kind: 'enum', enumStates: states, alarmValues });
}

export function fixedStateSensor(id: string, name: string, type: SensorType, state: string): SimSensor {
  return createSensor({ id, name, type, kind: 'fixed', fixedState: state });
}

/** Advances a sensor by one tick of `dtSeconds`. */
export function stepSensor(sensor: SimSensor, rng: Random, dtSeconds: number): void {
  switch (sensor.kind) {
    case 'temperature':
    case 'speed':
    case 'level': {
      sensor.walk = clamp(sensor.walk + rng.range(-0.3, 0.3) * sensor.noise, -sensor.noise, sensor.noise);
      sensor.value = sensor.base + sensor.walk + sensor.drift;
      return;
    }
    case 'timer':
      sensor.value += dtSeconds / 60;
      return;
    case 'counter':
      sensor.value += 1;
      return;
    default:
      return;
  }
}

/** The value a forced alarm shows: just past the limit, the alarming contact or enum state. */
function forcedValue(sensor: SimSensor): number {
  if (sensor.type !== 'NUMERIC') {
    return sensor.alarmValues[0] ?? 1;
  }
  if (sensor.max !== null) {
    return sensor.max + Math.max(1, Math.abs(sensor.max) * 0.05);
  }
  if (sensor.min !== null) {
    return sensor.min * 0.5;
  }
  return sensor.value;
}

export function isAlarming(sensor: SimSensor, value: number): boolean {
  if (sensor.type !== 'NUMERIC') {
    return sensor.alarmValues.includes(value);
  }
  return (sensor.max !== null && value > sensor.max) || (sensor.min !== null && value < sensor.min);
}

function stateText(sensor: SimSensor, value: number): string | null {
  if (sensor.kind === 'contact') {
    return value === 1 ? SENSOR_STATE_TEXTS.contactOpen : SENSOR_STATE_TEXTS.contactClosed;
  }
  if (sensor.type === 'ENUM') {
    return sensor.enumStates[value] ?? null;
  }
  return null;
}

/** One literal, no spreads: the load benchmark renders a hundred thousand sensors a second. */
function sensorJson(
  sensor: SimSensor,
  value: number | null,
  status: SensorStatus,
  alarm: boolean,
  state: string | null,
): Sensor {
  return {
    Id: sensor.id,
    Name: sensor.name,
    Type: sensor.type,
    Value: value,
    Status: status,
    Alarm: alarm,
    Meta: {
      Min: sensor.min,
      Max: sensor.max,
      NumDecimalPoints: sensor.decimals,
      Units: sensor.units,
      State: state,
    },
  };
}

/** Renders the wire shape of a sensor. */
export function renderSensor(sensor: SimSensor, style: StatusStyle): Sensor {
  if (sensor.lostComm) {
    return sensorJson(sensor, null, 'N/A', false, SENSOR_STATE_TEXTS.lostCommunication);
  }
  if (sensor.notScanned) {
    return sensorJson(sensor, null, 'Not Scanned', false, SENSOR_STATE_TEXTS.notScanned);
  }
  if (sensor.fixedState !== null && !sensor.forced) {
    return sensorJson(sensor, 0, 'N/A', false, sensor.fixedState);
  }
  const raw = sensor.forced ? forcedValue(sensor) : (sensor.override ?? sensor.value);
  const alarm = sensor.forced || isAlarming(sensor, raw);
  const value = sensor.type === 'NUMERIC' ? round(raw, sensor.decimals ?? 0) : raw;
  return sensorJson(sensor, value, statusOf(sensor, raw, alarm, style), alarm, stateText(sensor, value));
}

/**
 * Alarm, or WARNING inside the warning band: families whose alarm word is WARNING (ETH-NODE) have no band,
 * since their WARNING already means alarm.
 */
function statusOf(sensor: SimSensor, raw: number, alarm: boolean, style: StatusStyle): SensorStatus {
  if (alarm) {
    return style.alarm;
  }
  const warns = style.alarm !== 'WARNING' && sensor.warnAbove !== null && raw > sensor.warnAbove;
  return warns ? 'WARNING' : style.ok;
}

/** Power-up: counters and timers restart, effects are dropped. */
export function resetSensor(sensor: SimSensor): void {
  if (sensor.kind === 'timer' || sensor.kind === 'counter') {
    sensor.value = 0;
  }
  sensor.drift = 0;
  sensor.walk = 0;
  sensor.override = null;
  sensor.lostComm = false;
  sensor.notScanned = false;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
