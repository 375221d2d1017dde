import { describe, expect, it } from 'vitest';
import { historyRows } from './history-load';
import { DAY_MINUTES, MINUTE_MS, readingAt, spikesBetween } from './history-values';
import { type PlannedSensor, planSensors } from './sensor-plan';

const sensors = planSensors(25);
const plan = {
  devices: [0, 1].map((position) => ({
    position,
    sensors: sensors.map((sensor) => ({ key: 100 * (position + 1) + sensor.index, sensor })),
  })),
  fromMinute: 29_376_000,
  toMinute: 29_376_000 + 90,
};

describe('historyRows', () => {
  it('writes one reading per sensor per minute, minute by minute and device by device, as the ingest does', () => {
    const rows = historyRows(plan, plan.fromMinute, plan.fromMinute + 2);
    expect(rows).toHaveLength(2 * 2 * 25);
    expect(rows.slice(0, 26).map((row) => row.sensorKey)).toEqual([
      ...Array.from({ length: 25 }, (_, i) => 100 + i),
      200,
    ]);
    // A device's tree of one minute shares one timestamp, a few seconds into the minute (devices not in step).
    expect(rows[0]?.ts).toBe(rows[24]?.ts);
    expect(rows[0]?.ts).toEqual(new Date(plan.fromMinute * MINUTE_MS));
    expect(rows[25]?.ts).toEqual(new Date(plan.fromMinute * MINUTE_MS + 7_000));
    expect(rows[50]?.ts).toEqual(new Date((plan.fromMinute + 1) * MINUTE_MS));
  });

  it('stores the generated readings with their status codes, an alarm spike as Alarm (1)', () => {
    const [spike] = spikesBetween(0, sensors[0] as PlannedSensor, 20_400 * DAY_MINUTES, 20_500 * DAY_MINUTES);
    const at = spike?.startMinute ?? 0;
    const rows = historyRows(plan, at - 1, at + 1).filter((row) => row.sensorKey === 100);
    expect(rows).toEqual([
      {
        sensorKey: 100,
        ts: new Date((at - 1) * MINUTE_MS),
        value: expect.any(Number),
        status: 0,
        inAlarm: false,
      },
      { sensorKey: 100, ts: new Date(at * MINUTE_MS), value: expect.any(Number), status: 1, inAlarm: true },
    ]);
    expect(rows[1]?.value).toBe(readingAt(0, sensors[0] as PlannedSensor, at).value);
    expect(rows[1]?.value).toBeGreaterThan(sensors[0]?.alarmAbove ?? 0);
  });
});
