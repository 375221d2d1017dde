import type { PlannedSensor, SensorReading } from './sensor-plan';

/**
 * The bench's history, one reading per sensor per minute, the same on every run: a daily sine with a slower
 * weekly one on top, noise, and on about one day in ten a short alarm spike (2–4 minutes above the sensor's
 * alarm limit, status Alarm). A BOOL contact is 0 and goes to 1 (open, in alarm) during its spikes. Pure:
 * the reading depends only on the device's position, the sensor and the UTC minute.
 */

export const MINUTE_MS = 60_000;
export const DAY_MINUTES = 24 * 60;
/** Chance that a sensor has one spike on a given UTC day. */
export const SPIKE_CHANCE_PER_DAY = 0.1;
const SPIKE_MIN_MINUTES = 2;
const SPIKE_EXTRA_MINUTES = 3;

/** murmur3's finaliser: a well-spread 32-bit hash. */
function mix(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A number in [0, 1) fixed by the integers given. */
export function unitHash(a: number, b: number, c: number, d = 0): number {
  return mix(mix(mix(mix(a + 0x9e3779b9) ^ b) ^ c) ^ d) / 4_294_967_296;
}

export type Spike = { startMinute: number; minutes: number };

/** The sensor's spike on the UTC day (epoch days), or null: about one day in ten has one. */
export function spikeOnDay(device: number, sensor: PlannedSensor, day: number): Spike | null {
  if (unitHash(device, sensor.index, day, 1) >= SPIKE_CHANCE_PER_DAY) {
    return null;
  }
  const minutes =
    SPIKE_MIN_MINUTES + Math.floor(unitHash(device, sensor.index, day, 2) * SPIKE_EXTRA_MINUTES);
  const start = Math.floor(unitHash(device, sensor.index, day, 3) * (DAY_MINUTES - minutes));
  return { startMinute: day * DAY_MINUTES + start, minutes };
}

/** The spikes that start in [fromMinute, toMinute) (epoch minutes). */
export function spikesBetween(
  device: number,
  sensor: PlannedSensor,
  fromMinute: number,
  toMinute: number,
): Spike[] {
  const spikes: Spike[] = [];
  for (let day = Math.floor(fromMinute / DAY_MINUTES); day * DAY_MINUTES < toMinute; day += 1) {
    const spike = spikeOnDay(device, sensor, day);
    if (spike !== null && spike.startMinute >= fromMinute && spike.startMinute < toMinute) {
      spikes.push(spike);
    }
  }
  return spikes;
}

function isInSpike(device: number, sensor: PlannedSensor, minute: number): boolean {
  const spike = spikeOnDay(device, sensor, Math.floor(minute / DAY_MINUTES));
  return spike !== null && minute >= spike.startMinute && minute < spike.startMinute + spike.minutes;
}

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};

/** The reading of the device's sensor in the UTC minute `minute` (epoch minutes). */
export function readingAt(device: number, sensor: PlannedSensor, minute: number): SensorReading {
  const spiking = isInSpike(device, sensor, minute);
  if (sensor.type === 'BOOL') {
    return spiking
      ? { value: 1, status: 'Alarm', inAlarm: true }
      : { value: 0, status: 'OK', inAlarm: false };
  }
  const noise = sensor.noise * (2 * unitHash(device, sensor.index, minute) - 1);
  if (spiking) {
    const overshoot = (sensor.alarmAbove - sensor.base) * 0.2;
    return {
      value: round(sensor.alarmAbove + overshoot + noise, sensor.decimals),
      status: 'Alarm',
      inAlarm: true,
    };
  }
  const angle = (2 * Math.PI * minute) / DAY_MINUTES + sensor.phase;
  const weekly = 0.3 * sensor.amplitude * Math.sin(angle / 7 + sensor.phase);
  const value = sensor.base + sensor.amplitude * Math.sin(angle) + weekly + noise;
  return { value: round(value, sensor.decimals), status: 'OK', inAlarm: false };
}
