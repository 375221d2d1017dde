import { describe, expect, it } from 'vitest';
import {
  DAY_MINUTES,
  readingAt,
  SPIKE_CHANCE_PER_DAY,
  spikeOnDay,
  spikesBetween,
  unitHash,
} from './history-values';
import { planSensors } from './sensor-plan';

const must = <T>(value: T | undefined): T => {
  if (value === undefined) {
    throw new Error('the fixture lacks a value');
  }
  return value;
};

const sensors = planSensors(100);
const temperature = must(sensors[0]);
const contact = must(sensors.find((sensor) => sensor.type === 'BOOL'));
const DAY = 20_400; // an epoch day in 2025
const dayMinutes = (day: number) => Array.from({ length: DAY_MINUTES }, (_, i) => day * DAY_MINUTES + i);

describe('history values', () => {
  it('are the same on every run and differ between devices', () => {
    expect(readingAt(3, temperature, DAY * DAY_MINUTES + 17)).toEqual(
      readingAt(3, temperature, DAY * DAY_MINUTES + 17),
    );
    const a = dayMinutes(DAY).map((minute) => readingAt(0, temperature, minute).value);
    const b = dayMinutes(DAY).map((minute) => readingAt(1, temperature, minute).value);
    expect(a).not.toEqual(b);
  });

  it('hash to numbers spread over [0, 1)', () => {
    const samples = Array.from({ length: 10_000 }, (_, i) => unitHash(1, 2, i));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...samples)).toBeLessThan(1);
    const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });

  it('swing smoothly around the level, below the alarm limit, outside a spike', () => {
    const day = must(
      Array.from({ length: 40 }, (_, i) => DAY + i).find((d) => spikeOnDay(0, temperature, d) === null),
    );
    const values = dayMinutes(day).map((minute) => readingAt(0, temperature, minute));
    expect(values.every((reading) => reading.status === 'OK' && !reading.inAlarm)).toBe(true);
    const numbers = values.map((reading) => reading.value);
    expect(Math.max(...numbers)).toBeLessThan(temperature.alarmAbove);
    expect(Math.max(...numbers) - Math.min(...numbers)).toBeGreaterThan(temperature.amplitude); // a daily swing
    const steps = numbers.slice(1).map((value, i) => Math.abs(value - (numbers[i] as number)));
    expect(Math.max(...steps)).toBeLessThan(2 * temperature.noise + 1); // noise, no jumps
    expect(numbers.every((value) => Number.isInteger(value * 10))).toBe(true); // one decimal
  });

  it('spike above the alarm limit for 2 to 4 minutes on about one day in ten', () => {
    const days = Array.from({ length: 3000 }, (_, i) => DAY + i);
    const spikes = days.map((day) => spikeOnDay(0, temperature, day)).filter((spike) => spike !== null);
    expect(spikes.length / days.length).toBeGreaterThan(SPIKE_CHANCE_PER_DAY * 0.8);
    expect(spikes.length / days.length).toBeLessThan(SPIKE_CHANCE_PER_DAY * 1.2);
    const spike = must(spikes[0]);
    expect(spike.minutes).toBeGreaterThanOrEqual(2);
    expect(spike.minutes).toBeLessThanOrEqual(4);
    const inside = readingAt(0, temperature, spike.startMinute + spike.minutes - 1);
    expect(inside).toMatchObject({ status: 'Alarm', inAlarm: true });
    expect(inside.value).toBeGreaterThan(temperature.alarmAbove);
    expect(readingAt(0, temperature, spike.startMinute + spike.minutes).status).toBe('OK');
    expect(readingAt(0, temperature, spike.startMinute - 1).status).toBe('OK');
  });

  it('keep a BOOL contact at 0, and at 1 in alarm during its spikes', () => {
    const [spike] = spikesBetween(2, contact, DAY * DAY_MINUTES, (DAY + 60) * DAY_MINUTES);
    expect(spike).toBeDefined();
    expect(readingAt(2, contact, must(spike).startMinute)).toEqual({
      value: 1,
      status: 'Alarm',
      inAlarm: true,
    });
    expect(readingAt(2, contact, must(spike).startMinute - 1)).toEqual({
      value: 0,
      status: 'OK',
      inAlarm: false,
    });
  });

  it('list the spikes starting inside a range only', () => {
    const all = spikesBetween(0, temperature, DAY * DAY_MINUTES, (DAY + 100) * DAY_MINUTES);
    expect(all.length).toBeGreaterThan(3);
    const second = must(all[1]);
    const later = spikesBetween(0, temperature, second.startMinute, (DAY + 100) * DAY_MINUTES);
    expect(later[0]).toEqual(second);
    expect(later).toHaveLength(all.length - 1);
  });
});
